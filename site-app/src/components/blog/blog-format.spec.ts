import { formatLongDate, formatShortDate } from './blog-format';

const timeZone = 'Europe/London';
const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
const long = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

describe('blog dates', () => {
  it('match en-GB in Europe/London every five hours from 1996 to 2040', () => {
    const mismatches: string[] = [];
    const end = Date.UTC(2040, 0, 1);
    for (let t = Date.UTC(1996, 0, 1); t < end; t += 5 * 3_600_000) {
      const iso = new Date(t).toISOString();
      if (formatShortDate(iso) !== short.format(t)) mismatches.push(`${iso} short ${formatShortDate(iso)}`);
      if (formatLongDate(iso) !== long.format(t)) mismatches.push(`${iso} long ${formatLongDate(iso)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('change day at midnight London time either side of the clock changes', () => {
    // BST: 23:00 UTC is already the next day in London; GMT: midnight UTC is.
    expect(formatShortDate('2024-06-30T22:59:59Z')).toBe('30 Jun 2024');
    expect(formatShortDate('2024-06-30T23:00:00Z')).toBe('1 Jul 2024');
    expect(formatShortDate('2024-03-31T00:59:59Z')).toBe('31 Mar 2024');
    expect(formatLongDate('2024-10-26T23:00:00Z')).toBe('Sunday, 27 October 2024');
    expect(formatShortDate('2024-12-31T23:59:59Z')).toBe('31 Dec 2024');
    expect(formatLongDate('2024-09-05T12:00:00Z')).toBe('Thursday, 5 September 2024');
  });
});
