/** How the admin writes dates and sizes. Dates follow the spec's examples ('Jan 5, 2024'). */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Jan 5, 2024'; an empty string for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? SHORT_DATE.format(date) : '';
}

/** 'Jan 5, 2024, 9:30 AM'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? DATE_TIME.format(date) : '';
}

/** '14:05'. */
export function formatTime(value: Date): string {
  return TIME.format(value);
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/**
 * Sizes as people read them, in the largest unit that keeps the number under 1024 (binary, as
 * the upload limits are set): '512 B', '1.5 MB', '20 GB'. One decimal under 100, none above;
 * a whole number drops its '.0'.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${SIZE_UNITS[unit]}`;
}

/** How long something has waited, in the largest whole unit: 'under a minute', '5 minutes', '3 days'. */
export function formatWaiting(since: string | Date, now: Date = new Date()): string {
  const start = toDate(since);
  if (!start) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - start.getTime()) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  return days < 14 ? unit(days, 'day') : unit(Math.floor(days / 7), 'week');
}
