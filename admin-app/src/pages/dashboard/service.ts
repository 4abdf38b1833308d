import {
  ApiError,
  getJson,
  PAGINATION,
  type BlogPostDto,
  type BlogStatsResponse,
  type DashboardActionKind,
  type DashboardActionsResponse,
  type DashboardCharts,
  type PostListResponse,
} from '@studio/shared';

export interface MessagingStats {
  contactsThisMonth: number;
  subscribersThisMonth: number;
  failedMailJobs: number;
}
export interface PaymentStats {
  /** Paid deposits this month: how many, and their sum in pence. */
  paidDepositsThisMonth: number;
  paidDepositsAmountThisMonth?: number;
}

export function getBlogStats(): Promise<BlogStatsResponse> {
  return getJson<BlogStatsResponse>('/api/admin/blog/stats');
}

/**
 * A number another part of the system may not serve yet: a 404 (or 501) means "not there",
 * which the dashboard hides; any other failure is an error.
 */
async function optional<T>(path: string): Promise<T | null> {
  try {
    return await getJson<T>(path);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 501)) return null;
    throw error;
  }
}

export function getMessagingStats(): Promise<MessagingStats | null> {
  return optional<MessagingStats>('/api/admin/stats/messaging');
}

export function getPaymentStats(): Promise<PaymentStats | null> {
  return optional<PaymentStats>('/api/admin/stats/payments');
}

/** Spec §9: the dashboard fetches up to 100 posts and shows the 5 most recently updated. */
export async function getRecentPosts(): Promise<BlogPostDto[]> {
  const res = await getJson<PostListResponse>(
    `/api/admin/blog/posts?limit=${PAGINATION.dashboardFetchLimit}`,
  );
  return [...res.posts]
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
    .slice(0, PAGINATION.dashboardRecentCount);
}

/** The back office's charts (admins only: money and personal data). */
export function getCharts(): Promise<DashboardCharts> {
  return getJson<DashboardCharts>('/api/admin/stats/charts');
}

/** What needs doing: every waiting item, oldest first; `kind` keeps one kind. Admins only. */
export function getActions(kind?: DashboardActionKind): Promise<DashboardActionsResponse> {
  return getJson<DashboardActionsResponse>(
    `/api/admin/dashboard/actions${kind ? `?kind=${encodeURIComponent(kind)}` : ''}`,
  );
}
