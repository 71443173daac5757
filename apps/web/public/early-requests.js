// The signed-in app's first requests (the session, the customer, the portal's name), started while the
// app's scripts still download and compile instead of after (issue 18: the dashboard painted with data
// in under a second). The app takes each reply once, for the same request with the same token
// (src/lib/early-requests.ts); a reply it does not take is simply dropped. Plain script, no modules:
// it must run before the app's bundles are parsed.
(() => {
  const key = 'lightpath.token';
  let token = null;
  for (const name of ['localStorage', 'sessionStorage']) {
    try {
      token = token || window[name].getItem(key);
    } catch {
      // Storage refused (private mode, a sandbox): no token from it.
    }
  }
  const started = {};
  const get = (path, withToken) => {
    const headers = { Accept: 'application/json' };
    if (withToken) headers['X-AUTH-TOKEN'] = token;
    const reply = fetch(`/api/${path}`, { headers });
    reply.catch(() => undefined);
    started[path] = { token: withToken ? token : null, reply };
  };
  get('portal', false);
  if (token) {
    get('user/me', true);
    get('customer/me', true);
  }
  window.__lightpathEarlyRequests = started;
})();
