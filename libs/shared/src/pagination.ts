export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The pagination of spec §9: first and last page always, one sibling each side of the current
 * page, an ellipsis for each gap; nothing at all for one page or fewer.
 */
export function paginationRange(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - 1; p <= current + 1; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageItem[] = [];
  sorted.forEach((page, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && page - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && page - prev > 2)
      out.push(out.includes('ellipsis-start') ? 'ellipsis-end' : 'ellipsis-start');
    out.push(page);
  });
  return out;
}

export function totalPagesFor(total: number, limit: number): number {
  return limit > 0 ? Math.ceil(total / limit) : 0;
}
