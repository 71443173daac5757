import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// Request ids (issue 19): Fastify's default is a counter from req-1 in every process, so two instances
// behind one proxy hand out the same ids and a log line cannot be traced to its call. Each process
// takes a random prefix at start-up and counts after it: unique across instances and restarts, and no
// random bytes per request. Behind a trusted proxy (TRUST_PROXY) the proxy's own X-Request-Id is kept,
// so its access log and ours name a call alike; a caller reaching the portal directly cannot choose
// the id it is logged under.
export const requestIdHeader = 'x-request-id';
const acceptableId = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdGenerator(options: { trustProxy: boolean }) {
  const instance = randomBytes(6).toString('base64url');
  let counter = 0;
  return (request: IncomingMessage): string => {
    if (options.trustProxy) {
      const given = request.headers[requestIdHeader];
      if (typeof given === 'string' && acceptableId.test(given)) return given;
    }
    counter += 1;
    return `${instance}-${counter.toString(36)}`;
  };
}
