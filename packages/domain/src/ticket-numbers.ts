// Ticket numbers an event or a site access request may name (decisions.md: any number the portal's
// ticket system issues, built-in tickets from 10,000 or Zendesk ids, up to 9 digits). The spec's 0-9999
// was the original ticket system's range and left every portal ticket unnameable.
export const ticketNumberMax = 999_999_999;

const readable = (value: number) => value.toLocaleString('en-AU');

export const ticketNumberMessages = {
  // An event names the ticket that raised it (spec 5: required and nonzero).
  eventRange: `Ticket number must be between 1 and ${readable(ticketNumberMax)}!`,
  // A site access request's ticket number is optional and may be 0.
  accessRange: `Ticket number must be between 0 and ${readable(ticketNumberMax)}!`,
} as const;

export function isTicketNumberInRange(value: number, min: 0 | 1): boolean {
  return Number.isInteger(value) && value >= min && value <= ticketNumberMax;
}
