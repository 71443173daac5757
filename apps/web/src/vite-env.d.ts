/// <reference types="vite/client" />

// An interface, not a type: it has to merge with Vite's own ImportMetaEnv declaration.
interface ImportMetaEnv {
  // Set by vite.config.ts: root package version plus the short git sha when built from a checkout.
  readonly VITE_BUILD_VERSION?: string;
}
