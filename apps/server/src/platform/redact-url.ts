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
