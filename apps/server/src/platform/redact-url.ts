// Query parameters that carry secrets never reach the log.
export function redactUrl(url: string): string {
  return (
    url
      .replace(/([?&](?:token|key)=)[^&#]*/gi, '$1[redacted]')
      // A calendar feed's token is its path: GET /api/calendar/<token>.ics, however many slashes
      // were typed (//api/calendar/..., /api//calendar/...), and any other .ics name anywhere.
      .replace(/^(\/+api\/+calendar\/+)(?!feed(?:[/?#]|$))[^?#]+/i, '$1[redacted]')
      .replace(/[^/?#]+\.ics(?=[?#]|$)/gi, '[redacted].ics')
      // A Letter of Authorisation's token: its check in the API and the web page that asks it.
      .replace(/^(\/+(?:api\/+)?loa\/+verify\/+)[^?#]+/i, '$1[redacted]')
  );
}

// Every name the expressions above look for in a path, tested first: most paths hold none and skip
// them (the API logs redact every call's path). An expression added above adds its name here.
const mayHoldSecret = /calendar|\.ics|loa/i;

// A path (no query string) as it may be kept: the API logs' copy of the call.
export function redactPath(path: string): string {
  return mayHoldSecret.test(path) ? redactUrl(path) : path;
}
