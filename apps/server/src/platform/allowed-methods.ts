import type { FastifyInstance } from 'fastify';

function escapeRegExp(text: string) {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

// A route's URL as a pattern over the raw path: `:name` is one segment, `*` anything; the trailing
// slash is optional, as it is for the router (ignoreTrailingSlash).
function patternOf(url: string) {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

// Which methods a path answers, for a 405 with Allow (RFC 9110 15.5.6) instead of a 404 that would say
// the resource does not exist. Collects every route registered after it, so call it first.
export function trackAllowedMethods(app: FastifyInstance) {
  const byUrl = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    let entry = byUrl.get(route.url);
    if (!entry) {
      entry = { pattern: patternOf(route.url), methods: new Set() };
      byUrl.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
  });
  return (path: string): string[] => {
    const methods = new Set<string>();
    for (const { pattern, methods: own } of byUrl.values()) {
      if (pattern.test(path)) for (const method of own) methods.add(method);
    }
    return [...methods].sort();
  };
}
