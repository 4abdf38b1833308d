import { formatBytes, formatWaiting } from './format';

describe('formatWaiting', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says how long in the largest whole unit', () => {
    expect(formatWaiting(ago(20_000), now)).toBe('under a minute');
    expect(formatWaiting(ago(60_000), now)).toBe('1 minute');
    expect(formatWaiting(ago(59 * 60_000), now)).toBe('59 minutes');
    expect(formatWaiting(ago(3 * 3_600_000), now)).toBe('3 hours');
    expect(formatWaiting(ago(26 * 3_600_000), now)).toBe('1 day');
    expect(formatWaiting(ago(13 * 86_400_000), now)).toBe('13 days');
    expect(formatWaiting(ago(30 * 86_400_000), now)).toBe('4 weeks');
  });

  it('never goes negative and ignores what is not a date', () => {
    expect(formatWaiting(new Date(now.getTime() + 5_000), now)).toBe('under a minute');
    expect(formatWaiting('not a date', now)).toBe('');
  });
});

describe('formatBytes', () => {
  it('uses the largest unit that fits, as people write sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024)).toBe('250 KB');
    expect(formatBytes(2 * 1024 ** 2)).toBe('2 MB');
    expect(formatBytes(2048 * 1024 ** 2)).toBe('2 GB');
    expect(formatBytes(20480 * 1024 ** 2)).toBe('20 GB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
  });
});
