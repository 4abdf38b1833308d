import {
  del,
  getJson,
  type PostListResponse,
  type PostStatus,
  type SamplePostsResponse,
  type SamplesRemovedResponse,
} from '@studio/shared';

export type StatusFilter = 'all' | PostStatus;

export interface PostListQuery {
  page: number;
  limit: number;
  status: StatusFilter;
  search: string;
}

/** GET /api/admin/blog/posts?limit&offset&status&search, offset = (page - 1) * limit (spec §7). */
export function listPosts({ page, limit, status, search }: PostListQuery): Promise<PostListResponse> {
  const query = new URLSearchParams({ limit: String(limit), offset: String((page - 1) * limit) });
  if (status !== 'all') query.set('status', status);
  if (search.trim()) query.set('search', search.trim());
  return getJson<PostListResponse>(`/api/admin/blog/posts?${query}`);
}

export function deletePost(id: number): Promise<{ success: boolean; message: string }> {
  return del(`/api/admin/blog/posts/${id}`);
}

/** GET /api/admin/blog/samples: the first start's sample posts still on the blog (admins only). */
export function countSamplePosts(): Promise<SamplePostsResponse> {
  return getJson<SamplePostsResponse>('/api/admin/blog/samples');
}

/** DELETE /api/admin/blog/samples: the sample posts, and their pictures, categories and tags nothing else uses. */
export function removeSamplePosts(): Promise<SamplesRemovedResponse> {
  return del<SamplesRemovedResponse>('/api/admin/blog/samples');
}
