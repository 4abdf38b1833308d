/**
 * ProTable's `request` for the back-office lists: ProTable's page, sort and filters become the
 * API's limit/offset/sort/order query (server-side paging), and the answer's `items`/`total`
 * become what ProTable reads.
 */
import { getJson, type PagedResponse } from '@studio/shared';

type Params = Record<string, unknown> & { current?: number; pageSize?: number };
type Sorter = Record<string, 'ascend' | 'descend' | null>;

export function listQuery(params: Params, sort: Sorter = {}): URLSearchParams {
  const { current = 1, pageSize = 20, ...filters } = params;
  const query = new URLSearchParams({ limit: String(pageSize), offset: String((current - 1) * pageSize) });
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || key === 'keyword') continue;
    query.set(key, String(value).trim());
  }
  const [field, dir] = Object.entries(sort).find(([, d]) => d) ?? [];
  if (field && dir) {
    query.set('sort', field);
    query.set('order', dir === 'ascend' ? 'asc' : 'desc');
  }
  return query;
}

export async function pagedRequest<T>(
  path: string,
  params: Params,
  sort?: Sorter,
): Promise<{ data: T[]; total: number; success: boolean }> {
  const res = await getJson<PagedResponse<T>>(`${path}?${listQuery(params, sort)}`);
  return { data: res.items, total: res.total, success: true };
}

/**
 * The CSV export of a list with the current filters. A plain link: the login cookie
 * authenticates it and the browser streams the download, so a large list is never held here.
 */
export function csvHref(path: string, filters: Params): string {
  const query = listQuery({ ...filters, current: 1, pageSize: 1 });
  query.delete('limit');
  query.delete('offset');
  query.set('format', 'csv');
  return `${path}?${query}`;
}
