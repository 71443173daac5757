import { describe, expect, it } from 'vitest';
import { serviceReportName, ticketClosedAt, ticketOpenInPeriod } from './service-reports';

const period = { start: 1_000, end: 2_000 };

describe('ticketOpenInPeriod', () => {
  it.each([
    ['raised and solved inside', { status: 'solved', created_at: 1_100, updated_at: 1_500 }, true],
    ['raised before, still open', { status: 'open', created_at: 500, updated_at: 600 }, true],
    ['raised before, solved inside', { status: 'solved', created_at: 500, updated_at: 1_200 }, true],
    ['solved at the first moment', { status: 'solved', created_at: 500, updated_at: 1_000 }, true],
    ['solved before it began', { status: 'solved', created_at: 500, updated_at: 999 }, false],
    ['raised at its end (exclusive)', { status: 'new', created_at: 2_000, updated_at: 2_000 }, false],
    ['raised after it', { status: 'pending', created_at: 2_500, updated_at: 2_600 }, false],
    ['on hold since before', { status: 'hold', created_at: 10, updated_at: 20 }, true],
  ])('%s', (_, ticket, expected) => {
    expect(ticketOpenInPeriod(ticket, period)).toBe(expected);
  });
});

describe('ticketClosedAt', () => {
  it('is the last update of a solved ticket, none for any other status', () => {
    expect(ticketClosedAt({ status: 'solved', updated_at: 42 })).toBe(42);
    for (const status of ['new', 'open', 'pending', 'hold'])
      expect(ticketClosedAt({ status, updated_at: 42 })).toBeNull();
  });
});

it('names the files after the service and the period', () => {
  expect(serviceReportName({ serviceid: 'UNG0012004701B', from: '2026-07-01', to: '2026-09-30' })).toBe(
    'Service report UNG0012004701B 2026-07-01 to 2026-09-30',
  );
});
