import { del, getJson, postJson, putJson, type TagDto } from '@studio/shared';

export const TAGS_QUERY_KEY = ['/api/admin/blog/tags'] as const;

export type AdminTag = TagDto & { count?: number };
export interface TagInput {
  name: string;
  slug?: string;
  description?: string | null;
}
interface TagListResponse {
  success: true;
  tags: AdminTag[];
}
interface TagResponse {
  success: true;
  message: string;
  tag: AdminTag;
}

export async function listTags(): Promise<AdminTag[]> {
  return (await getJson<TagListResponse>('/api/admin/blog/tags')).tags;
}

export function createTag(input: TagInput): Promise<TagResponse> {
  return postJson<TagResponse>('/api/admin/blog/tags', input);
}

export function updateTag(id: number, input: TagInput): Promise<TagResponse> {
  return putJson<TagResponse>(`/api/admin/blog/tags/${id}`, input);
}

export function deleteTag(id: number): Promise<{ success: true; message: string }> {
  return del(`/api/admin/blog/tags/${id}`);
}
