import {
  apiRequest,
  getJson,
  postJson,
  type AdminMessageDetail,
  type AdminMessageListItem,
  type CatalogueService,
  type MessageStatus,
} from '@studio/shared';
import { pagedRequest } from '../../utils/paged-request';

export const MESSAGES_PATH = '/api/admin/messages';
export const UNREAD_QUERY_KEY = [`${MESSAGES_PATH}/unread-count`] as const;

type Detail = { success: true; message: AdminMessageDetail };

export const listMessages = (
  params: Record<string, unknown>,
  sort?: Record<string, 'ascend' | 'descend' | null>,
) => pagedRequest<AdminMessageListItem>(MESSAGES_PATH, params, sort);

export const getMessage = (id: number) => getJson<Detail>(`${MESSAGES_PATH}/${id}`);

export const setMessageStatus = (id: number, status: MessageStatus) =>
  apiRequest<Detail>('PATCH', `${MESSAGES_PATH}/${id}`, { status });

export const replyToMessage = (
  id: number,
  body: { body?: string; serviceId?: number; idempotencyKey: string },
) => postJson<Detail>(`${MESSAGES_PATH}/${id}/reply`, body);

export const unreadCount = async () => (await getJson<{ unread: number }>(UNREAD_QUERY_KEY[0])).unread;

/** The bookable services, for "send a deposit link". */
export const listBookable = async () =>
  (await getJson<{ services: CatalogueService[] }>('/api/services')).services;

/** A fresh key for one reply: the server records and mails a key once, whatever is clicked. */
export function newReplyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
