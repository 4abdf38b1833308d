import { paginationRange, totalPagesFor } from './pagination';

describe('paginationRange', () => {
  it('hides at one page or fewer', () => {
    expect(paginationRange(1, 0)).toEqual([]);
    expect(paginationRange(1, 1)).toEqual([]);
  });
  it('shows every page when there is no gap', () => {
    expect(paginationRange(1, 3)).toEqual([1, 2, 3]);
    expect(paginationRange(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('puts ellipses around the current page and its siblings', () => {
    expect(paginationRange(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(paginationRange(1, 10)).toEqual([1, 2, 'ellipsis-start', 10]);
    expect(paginationRange(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });
  it('counts pages', () => {
    expect(totalPagesFor(13, 6)).toBe(3);
    expect(totalPagesFor(0, 6)).toBe(0);
  });
});
