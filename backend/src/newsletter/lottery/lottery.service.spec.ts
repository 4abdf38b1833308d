import { startOfLondonMonth } from '../../common/london-month';
import { londonMonth, monthLabel } from './lottery.service';

describe('lottery months', () => {
  it('names the month in London time', () => {
    // 23:30 UTC on 31 July is already August in London (BST), still July in UTC.
    expect(londonMonth(new Date('2025-07-31T23:30:00Z'))).toBe('2025-08');
    // In winter London is on UTC.
    expect(londonMonth(new Date('2025-01-31T23:30:00Z'))).toBe('2025-01');
    expect(monthLabel('2031-03')).toBe('March 2031');
  });

  it('finds the start of the London month for the dashboard counts', () => {
    expect(startOfLondonMonth(new Date('2025-08-15T12:00:00Z')).toISOString()).toBe(
      '2025-07-31T23:00:00.000Z',
    );
    expect(startOfLondonMonth(new Date('2025-01-15T12:00:00Z')).toISOString()).toBe(
      '2025-01-01T00:00:00.000Z',
    );
    expect(startOfLondonMonth(new Date('2025-07-31T23:30:00Z')).toISOString()).toBe(
      '2025-07-31T23:00:00.000Z',
    );
  });
});
