import { del, postJson, type AdminSubscriber } from '@studio/shared';
import { listQuery, pagedRequest } from '../../utils/paged-request';

export const SUBSCRIBERS_PATH = '/api/admin/subscribers';

export const listSubscribers = (
  params: Record<string, unknown>,
  sort?: Record<string, 'ascend' | 'descend' | null>,
) => pagedRequest<AdminSubscriber>(SUBSCRIBERS_PATH, params, sort);

export const unsubscribe = (id: number) => postJson(`${SUBSCRIBERS_PATH}/${id}/unsubscribe`);
export const deleteSubscriber = (id: number) => del(`${SUBSCRIBERS_PATH}/${id}`);

/** A plain link: the login cookie authenticates it and the browser streams the download. */
export function subscribersCsvHref(params: Record<string, unknown>): string {
  const query = listQuery(params);
  query.delete('limit');
  query.delete('offset');
  query.set('format', 'csv');
  return `${SUBSCRIBERS_PATH}?${query}`;
}
