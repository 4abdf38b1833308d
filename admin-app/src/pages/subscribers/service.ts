import { del, postJson, type AdminSubscriber } from '@studio/shared';
import { pagedRequest } from '../../utils/paged-request';

export const SUBSCRIBERS_PATH = '/api/admin/subscribers';

export const listSubscribers = (
  params: Record<string, unknown>,
  sort?: Record<string, 'ascend' | 'descend' | null>,
) => pagedRequest<AdminSubscriber>(SUBSCRIBERS_PATH, params, sort);

export const unsubscribe = (id: number) => postJson(`${SUBSCRIBERS_PATH}/${id}/unsubscribe`);
export const deleteSubscriber = (id: number) => del(`${SUBSCRIBERS_PATH}/${id}`);
