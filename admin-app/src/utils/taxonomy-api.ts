import { del, getJson, postJson, putJson } from '@studio/shared';

/** What the admin sends for a category or a tag (spec §7). */
export interface TaxonomyInput {
  name: string;
  slug?: string;
  description?: string | null;
}

interface TaxonomyResponse {
  success: true;
  message: string;
}

/**
 * The calls of one taxonomy's admin endpoints (`/api/admin/blog/categories`, `…/tags`): the list
 * comes back under `listKey`; create, update and delete answer with a message.
 */
export function taxonomyApi<T>(path: string, listKey: string) {
  return {
    /** The list's react-query key; the post editor's pickers read the same list. */
    queryKey: [path] as const,
    list: async (): Promise<T[]> => (await getJson<Record<string, T[]>>(path))[listKey],
    create: (input: TaxonomyInput) => postJson<TaxonomyResponse>(path, input),
    update: (id: number, input: TaxonomyInput) => putJson<TaxonomyResponse>(`${path}/${id}`, input),
    remove: (id: number): Promise<TaxonomyResponse> => del(`${path}/${id}`),
  };
}
