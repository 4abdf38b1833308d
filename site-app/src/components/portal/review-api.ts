/**
 * The portal's review calls (backend/src/reviews/portal-reviews.controller.ts, pay.controller.ts)
 * and its receipts (backend/src/payments/receipts/receipts.controller.ts).
 */
import {
  del,
  getJson,
  patchJson,
  postJson,
  type BalanceSummary,
  type FinalFileDto,
  type ProjectMoneyDto,
  type ReceiptSummaryDto,
  type ReviewCommentDto,
  type ReviewDto,
  type RoundDto,
} from '@studio/shared';

const base = (id: string) => `/api/portal/projects/${encodeURIComponent(id)}`;

export const reviewKeys = { review: (id: string) => ['/api/portal/projects', id, 'review'] as const };
export const downloadKeys = { list: (id: string) => ['/api/portal/projects', id, 'downloads'] as const };
export const receiptKeys = { list: (id: string) => ['/api/portal/projects', id, 'receipts'] as const };

export const fetchReview = (id: string) =>
  getJson<{ success: boolean; review: ReviewDto }>(`${base(id)}/review`);
export const fetchPeaks = (id: string, vid: string) =>
  getJson<{ peaks: number[]; durationSec: number; loudnessLufs: number | null }>(
    `${base(id)}/versions/${vid}/peaks`,
  );
export const fetchPreviewUrl = (id: string, vid: string) =>
  getJson<{ url: string; expiresAt: string }>(`${base(id)}/versions/${vid}/preview-url`);
export const postComment = (
  id: string,
  body: { versionId: string; atSec: number; endSec?: number | null; body: string; parentId?: number },
) => postJson<{ comment: ReviewCommentDto }>(`${base(id)}/comments`, body);
/** The author changes their note (only before its round is sent). */
export const editComment = (id: string, cid: number, body: string) =>
  patchJson<{ comment: ReviewCommentDto }>(`${base(id)}/comments/${cid}`, { body });
export const deleteComment = (id: string, cid: number) =>
  del<{ success: boolean }>(`${base(id)}/comments/${cid}`);
export const resolveComment = (id: string, cid: number) =>
  postJson<{ comment: ReviewCommentDto }>(`${base(id)}/comments/${cid}/resolve`, { resolved: true });
export const submitRound = (id: string, acceptFee: boolean) =>
  postJson<{ round: RoundDto; alreadySubmitted: boolean; label: string }>(`${base(id)}/rounds/submit`, {
    acceptFee,
  });
export const approveVersion = (id: string, versionId: string) =>
  postJson<{ alreadyApproved: boolean; money: ProjectMoneyDto }>(`${base(id)}/approve`, { versionId });
export const fetchDownloads = (id: string) =>
  getJson<{
    files: (FinalFileDto & { url: string })[];
    zip: { url: string; name: string } | null;
  }>(`${base(id)}/downloads`);

export const fetchReceipts = (id: string) =>
  getJson<{ success: boolean; receipts: ReceiptSummaryDto[] }>(`${base(id)}/receipts`);

/** The pay page's one read, also answered by the server when it renders the page. */
export const payKeys = { balance: (token: string) => ['/api/pay', token] as const };
export const payPath = (token: string) => `/api/pay/${encodeURIComponent(token)}`;
export const fetchBalance = (token: string) => getJson<{ balance: BalanceSummary }>(payPath(token));
export const startBalanceCheckout = (token: string) =>
  postJson<{ url: string; sessionId: string; reused: boolean }>(
    `/api/pay/${encodeURIComponent(token)}/checkout`,
  );
