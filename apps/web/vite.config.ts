import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The footer shows which build is running, so support can tell what a customer is looking at.
// A build outside a git checkout (e.g. from a source tarball) still gets the package version.
function buildVersion(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD', { cwd: webRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return sha ? `${rootPackage.version}+${sha}` : rootPackage.version;
  } catch {
    return rootPackage.version;
  }
}

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  define: {
    'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(buildVersion()),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // @mantine/charts (with recharts) stays with the one page that draws charts, out of the entry's chunks.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui[\\/])/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
