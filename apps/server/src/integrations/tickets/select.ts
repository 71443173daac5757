import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { fetchPausedAfterFailure } from '../failure-pause';
import type { IntegrationHealth } from '../health';
import { builtInTickets } from './built-in';
import type { TicketSystem } from './ticket-system';
import { zendeskTickets } from './zendesk';

// The one place that chooses the ticket system, for the API and for the background dispatcher alike:
// Zendesk when ZENDESK_URL, ZENDESK_EMAIL and ZENDESK_API_TOKEN are all set (config.ts refuses a
// partial set), otherwise the built-in store in the portal's database.
export function ticketSystemFor(
  config: Config,
  log: FastifyBaseLogger,
  health?: IntegrationHealth,
): TicketSystem {
  if (config.zendesk) {
    return zendeskTickets(
      {
        url: config.zendesk.url,
        email: config.zendesk.email,
        apiToken: config.zendesk.apiToken,
        timeoutMs: config.zendesk.timeoutMs,
        fetch: fetchPausedAfterFailure('Zendesk', config.externalPauseMs),
        ...(health && { health }),
      },
      { log },
    );
  }
  return builtInTickets({ log });
}
