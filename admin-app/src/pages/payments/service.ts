import {
  getJson,
  postJson,
  type AdminPayment,
  type AdminPaymentIssue,
  type MonthTotal,
  type PagedResponse,
  type RefundProjectAction,
} from '@studio/shared';
import { listQuery } from '../../utils/paged-request';

export const PAYMENTS_PATH = '/api/admin/payments';

type LedgerResponse = PagedResponse<AdminPayment> & { monthTotals: MonthTotal[] };

export async function listPayments(
  params: Record<string, unknown>,
  sort?: Record<string, 'ascend' | 'descend' | null>,
): Promise<{ data: AdminPayment[]; total: number; success: boolean; monthTotals: MonthTotal[] }> {
  const res = await getJson<LedgerResponse>(`${PAYMENTS_PATH}?${listQuery(params, sort)}`);
  return { data: res.items, total: res.total, success: true, monthTotals: res.monthTotals };
}

/** `requestId` is made once per refund form: every submit of that form is the same refund. */
export const refundPayment = (
  id: number,
  body: { amount: number; requestId: string; reason: string; projectAction: RefundProjectAction },
) => postJson<{ success: true; payment: AdminPayment }>(`${PAYMENTS_PATH}/${id}/refund`, body);

export const listPaymentIssues = () =>
  getJson<{ success: true; items: AdminPaymentIssue[] }>(`${PAYMENTS_PATH}/issues`).then((r) => r.items);

export const resolvePaymentIssue = (id: number) =>
  postJson<{ success: true; issue: AdminPaymentIssue }>(`${PAYMENTS_PATH}/issues/${id}/resolve`, {});

export interface ReconciliationRun {
  id: number;
  since: string;
  charges: number;
  refunds: number;
  disputes: number;
  differences: number;
  newDifferences: number;
}

/** Compares Stripe's charges, refunds and disputes since the last run with the ledger, now. */
export const reconcileWithStripe = () =>
  postJson<{ success: true; run: ReconciliationRun }>(`${PAYMENTS_PATH}/reconcile`, {}).then((r) => r.run);
