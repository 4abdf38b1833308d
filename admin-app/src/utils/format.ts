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

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
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
