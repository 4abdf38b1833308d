/**
 * The public blog's calls (spec §7) and their query keys. Every read is "never stale" like the
 * rest of the site (QUERY_DEFAULTS), so paging back and forth costs no second request.
 */
import {
  getJson,
  PAGINATION,
  postJson,
  type BlogPostDto,
  type CategoryDto,
  type CommentDto,
  type CreateCommentRequest,
  type PostListResponse,
  type TagDto,
} from '@studio/shared';

export interface PostListFilters {
  limit: number;
  offset: number;
  search?: string;
  categoryId?: number;
  tagId?: number;
}

export interface CategoriesResponse {
  success: boolean;
  categories: CategoryDto[];
}

export interface TagsResponse {
  success: boolean;
  tags: TagDto[];
}

export interface PostResponse {
  success: boolean;
  post: BlogPostDto;
}

export interface CommentsResponse {
  success: boolean;
  comments: CommentDto[];
}

export interface CommentSubmitResponse {
  success: boolean;
  message?: string;
}

/** The list's query string, in the order the spec gives: limit, offset, status, then filters. */
export function postListPath(f: PostListFilters): string {
  const params = new URLSearchParams({
    limit: String(f.limit),
    offset: String(f.offset),
    status: 'published',
  });
  if (f.search) params.set('search', f.search);
  if (f.categoryId) params.set('categoryId', String(f.categoryId));
  if (f.tagId) params.set('tagId', String(f.tagId));
  return `/api/blog/posts?${params.toString()}`;
}

/** The list page's question for a page of the blog with these filters (six posts a page). */
export function listFiltersFor(f: {
  search: string;
  categoryId: number | null;
  tagId: number | null;
  page: number;
}): PostListFilters {
  return {
    limit: PAGINATION.blogPageSize,
    offset: (f.page - 1) * PAGINATION.blogPageSize,
    search: f.search || undefined,
    categoryId: f.categoryId ?? undefined,
    tagId: f.tagId ?? undefined,
  };
}

/** The sidebar's four most recent posts. */
export const RECENT_POSTS: PostListFilters = { limit: PAGINATION.blogRecentCount, offset: 0 };

export const postListQuery = (filters: PostListFilters) => ({
  queryKey: ['/api/blog/posts', filters] as const,
  queryFn: () => getJson<PostListResponse>(postListPath(filters)),
});

export const categoriesQuery = {
  queryKey: ['/api/blog/categories'] as const,
  queryFn: () => getJson<CategoriesResponse>('/api/blog/categories'),
};

export const tagsQuery = {
  queryKey: ['/api/blog/tags'] as const,
  queryFn: () => getJson<TagsResponse>('/api/blog/tags'),
};

export const postPath = (slug: string) => `/api/blog/posts/${encodeURIComponent(slug)}`;

export const postQuery = (slug: string) => ({
  queryKey: ['/api/blog/posts', slug] as const,
  queryFn: () => getJson<PostResponse>(postPath(slug)),
});

export const commentsQueryKey = (slug: string) => ['/api/blog/posts', slug, 'comments'] as const;

export const commentsQuery = (slug: string) => ({
  queryKey: commentsQueryKey(slug),
  queryFn: () => getJson<CommentsResponse>(`${postPath(slug)}/comments`),
});

export const submitComment = (slug: string, body: CreateCommentRequest) =>
  postJson<CommentSubmitResponse>(`${postPath(slug)}/comments`, body);
