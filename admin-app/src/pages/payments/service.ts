import { getJson, postJson, type AdminPayment, type MonthTotal, type PagedResponse } from '@studio/shared';
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

/**
 * The CSV of the current filters. A plain link: the login cookie authenticates it and the
 * browser streams the download, so a large ledger is never held in this page.
 */
export function csvHref(params: Record<string, unknown>): string {
  const query = listQuery({ ...params, current: 1, pageSize: 1 });
  query.delete('limit');
  query.delete('offset');
  query.set('format', 'csv');
  return `${PAYMENTS_PATH}?${query}`;
}

export const refundPayment = (id: number, amount: number) =>
  postJson<{ success: true; payment: AdminPayment }>(`${PAYMENTS_PATH}/${id}/refund`, { amount });
