import {
  del,
  getJson,
  postJson,
  putJson,
  type AdminNewsletterIssue,
  type NewsletterIssueActionResult,
  type NewsletterIssueInput,
  type NewsletterPreview,
  type NewsletterSendResult,
} from '@studio/shared';
import { pagedRequest } from '../../utils/paged-request';

export const NEWSLETTER_PATH = '/api/admin/newsletter';
const ISSUES = `${NEWSLETTER_PATH}/issues`;

export const issueQueryKey = (id: number) => [ISSUES, id] as const;

export const listIssues = (params: Record<string, unknown>) =>
  pagedRequest<AdminNewsletterIssue>(ISSUES, params);

export const getIssue = (id: number) =>
  getJson<{ issue: AdminNewsletterIssue; audience: number }>(`${ISSUES}/${id}`);

export const createIssue = (input: NewsletterIssueInput) =>
  postJson<{ issue: AdminNewsletterIssue }>(ISSUES, input).then((r) => r.issue);

export const updateIssue = (id: number, input: NewsletterIssueInput) =>
  putJson<{ issue: AdminNewsletterIssue }>(`${ISSUES}/${id}`, input).then((r) => r.issue);

export const deleteIssue = (id: number) => del(`${ISSUES}/${id}`);

export const previewIssue = (input: NewsletterIssueInput) =>
  postJson<NewsletterPreview>(`${NEWSLETTER_PATH}/preview`, input);

export const sendTest = (id: number) => postJson<{ message: string }>(`${ISSUES}/${id}/test`);

export const sendIssue = (id: number) => postJson<NewsletterSendResult>(`${ISSUES}/${id}/send`);

export const pauseIssue = (id: number) => postJson<NewsletterIssueActionResult>(`${ISSUES}/${id}/pause`);

export const resumeIssue = (id: number) => postJson<NewsletterIssueActionResult>(`${ISSUES}/${id}/resume`);
