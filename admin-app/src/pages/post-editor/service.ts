import { apiRequest, getJson, type BlogPostDto, type SavePostRequest } from '@studio/shared';
import { blogKeys } from './query-keys';

export const postQueryKey = blogKeys.post;

interface PostResponse {
  success: true;
  post: BlogPostDto;
}
export interface SavePostResponse {
  success: boolean;
  message: string;
  post: BlogPostDto;
}

export async function getPost(id: number): Promise<BlogPostDto> {
  return (await getJson<PostResponse>(`/api/admin/blog/posts/${id}`)).post;
}

/** Where and how a save goes (shown as-is by the Debug Test button). */
export function saveTarget(id: number | null): { method: 'POST' | 'PUT'; path: string } {
  return id
    ? { method: 'PUT', path: `/api/admin/blog/posts/${id}` }
    : { method: 'POST', path: '/api/admin/blog/posts' };
}

/**
 * Creates (id null) or updates a post. JSON, or, when a new featured image file was picked,
 * multipart with the fields as JSON in `data` and the file in `featuredImage` (spec §7).
 */
export function savePost(
  id: number | null,
  payload: SavePostRequest,
  image: File | null,
): Promise<SavePostResponse> {
  const { method, path } = saveTarget(id);
  if (!image) return apiRequest<SavePostResponse>(method, path, payload);
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  form.append('featuredImage', image);
  return apiRequest<SavePostResponse>(method, path, form);
}
