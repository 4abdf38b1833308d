import { apiRequest, del, getJson, putJson, type MediaDto } from '@studio/shared';

export const MEDIA_QUERY_KEY = ['/api/admin/blog/media'] as const;
/** What the server keeps (it checks the bytes; this only filters the file dialog). */
export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp,image/gif';

export interface MediaDetails {
  altText: string | null;
  caption: string | null;
}
interface MediaListResponse {
  success: true;
  media: MediaDto[];
}
interface MediaResponse {
  success: true;
  message: string;
  media: MediaDto;
}

export async function listMedia(): Promise<MediaDto[]> {
  return (await getJson<MediaListResponse>('/api/admin/blog/media')).media;
}

/** POST /api/admin/blog/media as multipart: `file`, plus optional altText and caption. */
export async function uploadMedia(file: File, details: Partial<MediaDetails> = {}): Promise<MediaDto> {
  const form = new FormData();
  if (details.altText) form.append('altText', details.altText);
  if (details.caption) form.append('caption', details.caption);
  form.append('file', file);
  return (await apiRequest<MediaResponse>('POST', '/api/admin/blog/media', form)).media;
}

export async function updateMedia(id: number, details: MediaDetails): Promise<MediaDto> {
  return (await putJson<MediaResponse>(`/api/admin/blog/media/${id}`, details)).media;
}

export function deleteMedia(id: number): Promise<{ success: true; message: string }> {
  return del(`/api/admin/blog/media/${id}`);
}

/** The address to paste elsewhere: absolute, on this site. */
export function absoluteMediaUrl(media: Pick<MediaDto, 'url' | 'fileName'>): string {
  return new URL(media.url || `/uploads/${media.fileName}`, window.location.origin).toString();
}
