/** The studio keeps London time: monthly numbers and the lottery follow the UK calendar month. */
export const LONDON_TZ = 'Europe/London';

/** 'YYYY-MM' of the London calendar month containing `at`. */
export function londonMonth(at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON_TZ,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get('year')}-${get('month')}`;
}

/** Start of the current month in London, as an instant. */
export function startOfLondonMonth(now: Date = new Date()): Date {
  const [year, month] = londonMonth(now).split('-').map(Number);
  // Midnight on the 1st in London is 00:00 UTC in winter and 23:00 UTC the day before in summer.
  const utcMidnight = Date.UTC(year, month - 1, 1);
  const offsetHours = londonMonth(new Date(utcMidnight - 1)) === londonMonth(now) ? 1 : 0;
  return new Date(utcMidnight - offsetHours * 3_600_000);
}
