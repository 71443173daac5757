// Replies to the requests public/early-requests.js started before the app's scripts ran. Each is taken
// once, and only for the same path asked with the same token (or none); anything else, a second ask
// included, goes to the network as usual.
type Started = { token: string | null; reply: Promise<Response> };

declare global {
  interface Window {
    __lightpathEarlyRequests?: Record<string, Started>;
  }
}

export function takeEarlyReply(path: string, token: string | null): Promise<Response> | undefined {
  const started = window.__lightpathEarlyRequests?.[path];
  if (!started) return undefined;
  delete window.__lightpathEarlyRequests![path];
  return started.token === token ? started.reply : undefined;
}
