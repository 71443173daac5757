import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestIdHeader } from './request-id';

// Hashes of the inline scripts and styles a page may run, beyond its own files (the API reference).
export type InlineHashes = { script: string[]; style: string[] };

// The usual hardening headers (the set Helmet sends by default), computed once. Helmet rebuilt them
// on every request, which cost about 40% of the throughput of GET /api/user/me; they never change
// while the server runs, so fixed objects chosen by one cheap hook do the same job.
export function securityHeaders(
  https: boolean,
  inline: InlineHashes = { script: [], style: [] },
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    ["script-src 'self'", ...inline.script].join(' '),
    "script-src-attr 'none'",
    // Mantine injects style elements at run time.
    ["style-src 'self' 'unsafe-inline'", ...inline.style].join(' '),
    // Only a page that came over HTTPS may have its requests upgraded: over plain HTTP on a host name
    // the upgraded requests go to a port nobody listens on and the page stays blank (issue 12, item 11).
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

// JSON replies are never rendered as pages, so they need only the few headers that matter for an API
// (OWASP REST security): no sniffing, no framing, no caching of what may be private data.
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

type HeaderSet = { http: Record<string, string>; https: Record<string, string> };

function both(make: (https: boolean) => Record<string, string>): HeaderSet {
  return { http: make(false), https: make(true) };
}

// HTTPS is how this request reached us: a TLS socket, or X-Forwarded-Proto from a proxy trusted with
// TRUST_PROXY (request.protocol reads the header only then). PUBLIC_URL says where links point, not
// how a browser loaded this page, so it decides nothing here (docs/decisions/017).
function cameOverHttps(request: FastifyRequest) {
  return request.protocol === 'https';
}

// `docs` is the API reference's prefix; its page runs Swagger UI's inline script and styles, whose
// hashes the plugin knows once it is registered.
export function registerSecurityHeaders(
  app: FastifyInstance,
  docs: { prefix: string; inline: () => InlineHashes },
) {
  const pages = both((https) => securityHeaders(https));
  const api = both(apiSecurityHeaders);
  let docsPages: HeaderSet | undefined;
  // Set before the handler runs, so a route with needs of its own can override one.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const https = cameOverHttps(request);
    let set: HeaderSet;
    if (url.startsWith(docs.prefix)) {
      const inline = docs.inline();
      docsPages ??= both((secure) => securityHeaders(secure, inline));
      set = docsPages;
    } else {
      set = url.startsWith('/api/') ? api : pages;
    }
    reply.headers(https ? set.https : set.http);
    // Every reply names its call, so a user's report or a proxy's log leads to the server's log line.
    reply.header(requestIdHeader, request.id);
    done();
  });
}
