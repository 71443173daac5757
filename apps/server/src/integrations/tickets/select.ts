import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { builtInTickets } from './built-in';
import type { TicketSystem } from './ticket-system';

// The one place that chooses the ticket system, for the API and for the background dispatcher alike.
// Only the built-in store exists so far; issue 5 adds the Zendesk client, chosen by its configuration.
export function ticketSystemFor(_config: Config, log: FastifyBaseLogger): TicketSystem {
  return builtInTickets({ log });
}
