const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

// Provisioning dates are calendar dates (YYYY-MM-DD), shown without a time zone shift.
export function formatServiceDate(date: string | null | undefined): string {
  if (!date) return '—';
  const parsed = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed) ? date : dateFormat.format(new Date(parsed));
}
