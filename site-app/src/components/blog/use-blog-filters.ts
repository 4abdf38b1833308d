import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface BlogFilters {
  search: string;
  categoryId: number | null;
  tagId: number | null;
  page: number;
}

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The list's filters as a URL gives them (also read by the server when it renders /blog). */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  return {
    search: (params.get('search') ?? '').trim(),
    categoryId: positiveInt(params.get('category')),
    tagId: positiveInt(params.get('tag')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/**
 * The blog list's state lives in the URL (?search, ?category, ?tag, ?page), so a filtered list
 * can be shared, reloaded and reached from a post's category and tag links. Any change of
 * search, category or tag goes back to page 1 (spec §4); choosing the active category or tag
 * again clears it.
 */
export function useBlogFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo(() => parseBlogFilters(params), [params]);

  const update = useCallback(
    (changes: Partial<BlogFilters>, { replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (key: string, value: string | number | null | undefined) => {
            if (value === null || value === undefined || value === '' || value === 0) next.delete(key);
            else next.set(key, String(value));
          };
          if ('search' in changes) put('search', changes.search?.trim());
          if ('categoryId' in changes) put('category', changes.categoryId);
          if ('tagId' in changes) put('tag', changes.tagId);
          // Page 1 is the default and is left out of the URL.
          const page = 'page' in changes ? changes.page : 1;
          put('page', page && page > 1 ? page : null);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const actions = useMemo(
    () => ({
      setSearch: (search: string) => update({ search }, { replace: true }),
      toggleCategory: (id: number) => update({ categoryId: filters.categoryId === id ? null : id }),
      toggleTag: (id: number) => update({ tagId: filters.tagId === id ? null : id }),
      clearCategory: () => update({ categoryId: null }),
      clearTag: () => update({ tagId: null }),
      clearSearch: () => update({ search: '' }),
      setPage: (page: number, options?: { replace?: boolean }) => update({ page }, options),
      clearAll: () => update({ search: '', categoryId: null, tagId: null }),
    }),
    [update, filters.categoryId, filters.tagId],
  );

  const hasFilters = Boolean(filters.search || filters.categoryId || filters.tagId);
  return { filters, hasFilters, ...actions };
}
