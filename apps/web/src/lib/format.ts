import { formatDisplayDateTime } from './time-zone';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

// Times on the wire are unix seconds; people read them in their display zone, labelled (decisions.md).
export function formatDateTime(seconds: number | null | undefined): string {
  if (!seconds) return 'Never';
  return formatDisplayDateTime(seconds);
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function formatRelative(seconds: number | null | undefined, nowMs = Date.now()): string {
  if (!seconds) return 'Never';
  const diff = seconds - Math.round(nowMs / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(diff) >= size) return relative.format(Math.round(diff / size), unit);
  }
  return 'just now';
}

export function initialsOf(first: string, last: string): string {
  return `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
}

// Empty inputs mean "no value" for optional text columns, which the API stores as null.
export function emptyToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

// tel: links take digits and a leading + only; the displayed number keeps its spacing.
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
