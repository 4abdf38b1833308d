/**
 * The back office (issue 12): rules, limits, messages and payloads shared by the admin API and
 * the admin remote. Prices are NOT here: the `production_services` rows are their one source.
 */
import { kindsOf } from './labelled-kinds';
import type { ProjectSummaryDto } from './projects';

/** Who sees money and personal data: admins only. Editors keep the blog. */
export const BACK_OFFICE_ROLES = ['admin'] as const;

/** Paging for every back-office list: limit/offset with `total`. */
export const BACK_OFFICE_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface PagedResponse<T> {
  success: true;
  items: T[];
  total: number;
}

// ---------------------------------------------------------------- services and prices

/** How long the public catalogue may be cached: a price change shows within a minute. */
export const SERVICES_MAX_AGE_SECONDS = 60;

export const SERVICE_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  descriptionMin: 10,
  descriptionMax: 2000,
  /** Pence: £1 to £100,000. */
  priceMin: 100,
  priceMax: 10_000_000,
  typeMin: 2,
  typeMax: 50,
  revisionsMax: 50,
  badgeMax: 20,
  featuresMax: 8,
  featureMax: 120,
  sortOrderMax: 10_000,
} as const;

export const SERVICE_MESSAGES = {
  name: `Name must be between ${SERVICE_LIMITS.nameMin} and ${SERVICE_LIMITS.nameMax} characters`,
  description: `Description must be between ${SERVICE_LIMITS.descriptionMin} and ${SERVICE_LIMITS.descriptionMax} characters`,
  price: 'Price must be a whole number of pence from 100 (£1) to 10,000,000 (£100,000)',
  compareAtPrice: 'The "was" price must be a whole number of pence above the price',
  type: `Type must be between ${SERVICE_LIMITS.typeMin} and ${SERVICE_LIMITS.typeMax} characters`,
  revisions: `Revisions must be at most ${SERVICE_LIMITS.revisionsMax} characters`,
  badge: `Badge must be at most ${SERVICE_LIMITS.badgeMax} characters`,
  features: `At most ${SERVICE_LIMITS.featuresMax} features of up to ${SERVICE_LIMITS.featureMax} characters each`,
  sortOrder: `Order must be a whole number from 0 to ${SERVICE_LIMITS.sortOrderMax}`,
  duplicateName: 'A service with this name already exists.',
} as const;

/** One row of the catalogue as GET /api/services lists it (prices in pence). */
export interface CatalogueService {
  id: number;
  name: string;
  /** Integer pence. */
  price: number;
  description: string;
  serviceType: string;
  type: string;
  revisions: string;
  badge: string | null;
  features: string[];
  /** The "was" price in pence; the card shows "Save £x" as the difference. */
  compareAtPrice: number | null;
  isBulkDeal: boolean;
  /** Shown among the home page's pricing cards. */
  onHome: boolean;
  sortOrder: number;
}

/** The admin's view: the public fields plus whether it is bookable and when it changed. */
export interface AdminService extends CatalogueService {
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export type ServiceInput = Omit<AdminService, 'id' | 'serviceType' | 'createdAt' | 'updatedAt'>;

export const SERVICE_SORTS = ['sortOrder', 'name', 'price', 'updatedAt'] as const;

/** What a card saves against its "was" price, if anything. */
export function savingPence(s: Pick<CatalogueService, 'price' | 'compareAtPrice'>): number | null {
  return s.compareAtPrice && s.compareAtPrice > s.price ? s.compareAtPrice - s.price : null;
}

// ---------------------------------------------------------------- messages

export const MESSAGE_STATUSES = ['new', 'replied', 'archived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_SORTS = ['createdAt', 'name', 'email'] as const;
export const REPLY_LIMITS = { bodyMin: 2, bodyMax: 5000 } as const;
export const REPLY_MESSAGES = {
  body: `A reply must be between ${REPLY_LIMITS.bodyMin} and ${REPLY_LIMITS.bodyMax} characters`,
  status: `Status must be one of ${MESSAGE_STATUSES.join(', ')}`,
} as const;

/** Where a mail is: on the queue, retrying after a failure, sent, failed for good, or parked in the outbox. */
export type MailDeliveryState = 'queued' | 'retrying' | 'sent' | 'failed' | 'outbox' | 'unknown';

export interface MailDelivery {
  jobId: string;
  /** What the mail is, in words: 'Thank-you to the customer', 'Reply', … */
  label: string;
  state: MailDeliveryState;
  attempts: number;
  error: string | null;
}

export interface AdminMessageListItem {
  id: number;
  name: string;
  email: string;
  service: string;
  serviceLabel: string;
  /** The first 140 characters. */
  preview: string;
  status: MessageStatus;
  unread: boolean;
  replies: number;
  createdAt: string;
}

export interface AdminMessageReply {
  id: number;
  kind: 'reply' | 'deposit-link';
  body: string;
  author: string | null;
  createdAt: string;
  delivery: MailDelivery;
}

export interface AdminMessageDetail extends AdminMessageListItem {
  message: string;
  readAt: string | null;
  /** The thank-you and the notification the message triggered. */
  mails: MailDelivery[];
  thread: AdminMessageReply[];
  /** The sender's records under the same email (any case): newest first, at most RELATED_LIMIT each. */
  related: {
    payments: AdminPayment[];
    paymentsTotal: number;
    projects: ProjectSummaryDto[];
  };
}

/** How many of a sender's payments and projects the message drawer lists. */
export const RELATED_LIMIT = 10;

// ---------------------------------------------------------------- payments

export const PAYMENT_KIND_VALUES = ['deposit', 'custom', 'plan'] as const;
export const PAYMENT_STATUS_VALUES = [
  'pending',
  'processing',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUS_VALUES)[number];
export const PAYMENT_SORTS = ['createdAt', 'amount', 'status'] as const;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const REFUND_MESSAGES = {
  amount: 'The refund must be a whole number of pence, at least 1',
  tooMuch: 'The refund is more than what is left to refund on this payment.',
  notRefundable: 'Only a paid payment can be refunded.',
  requestId: 'requestId must be a UUID the refund form made for this refund',
  requestReused: 'This refund request was already used for another payment.',
  reason: 'Give the reason for the refund (3 to 500 characters); the client reads it.',
  projectAction: 'projectAction must be none, on_hold or cancelled',
} as const;

/** What a refund does to the payment's project, chosen in the refund form. */
export const REFUND_PROJECT_ACTIONS = ['none', 'on_hold', 'cancelled'] as const;
export type RefundProjectAction = (typeof REFUND_PROJECT_ACTIONS)[number];

export interface AdminPayment {
  id: number;
  kind: 'deposit' | 'custom' | 'plan' | 'balance';
  status: PaymentStatusValue;
  /** Pence charged. */
  amount: number;
  amountRefunded: number;
  /** What is left to refund, in pence (0 unless paid). */
  refundable: number;
  currency: string;
  serviceName: string | null;
  customerEmail: string | null;
  customerName: string | null;
  referralCode: string | null;
  discountPercent: number | null;
  /** Price before the discount, when there was one. */
  listPrice: number | null;
  stripePaymentIntentId: string | null;
  stripeCheckoutSessionId: string | null;
  /** The client project this payment opened or paid, when there is one. */
  projectId: string | null;
  /** The payment in the Stripe dashboard (test or live, from the key). */
  stripeUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Money a person must look at: a webhook whose amount or currency is not what is owed, a payment
 * for a checkout that was superseded (refunded automatically), final files locked again after a
 * refund or a lost dispute, a difference reconciliation found with Stripe.
 */
export const PAYMENT_ISSUE_LABELS = {
  amount_mismatch: 'Amount or currency not what is owed',
  superseded_payment: 'Paid through an old checkout',
  finals_relocked: 'Final files locked again',
  reconciliation: 'Differs from Stripe',
} satisfies Record<string, string>;
export type PaymentIssueKind = keyof typeof PAYMENT_ISSUE_LABELS;

export interface AdminPaymentIssue {
  id: number;
  kind: PaymentIssueKind;
  paymentId: number | null;
  projectId: string | null;
  summary: string;
  details: Record<string, unknown>;
  createdAt: string;
  resolvedAt: string | null;
}

/** The one ledger of money: what is owed (balances, as each price change), paid, refunded, lost. */
export type LedgerEntry = 'owed' | 'paid' | 'refunded' | 'disputed';

export interface LedgerRow {
  id: number;
  entry: LedgerEntry;
  /** Pence (an `owed` row of a re-pricing may be negative). */
  amount: number;
  currency: string;
  paymentId: number | null;
  projectId: string | null;
  stripeId: string | null;
  ref: string;
  memo: string | null;
  createdAt: string;
}

export interface MonthTotal {
  /** 'YYYY-MM', London time. */
  month: string;
  count: number;
  /** Pence taken by payments that succeeded (refunded ones included). */
  gross: number;
  refunded: number;
  net: number;
}

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break, and prefixed with `'`
 * when a spreadsheet would read it as a formula (=, +, -, @, tab, carriage return).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

// ---------------------------------------------------------------- subscribers, referrals, lottery

/** pending: has not followed the confirmation link yet (double opt-in); active: confirmed and on the list. */
export const SUBSCRIBER_STATES = ['pending', 'active', 'unsubscribed'] as const;
export const SUBSCRIBER_SORTS = ['createdAt', 'email'] as const;

export interface AdminSubscriber {
  id: number;
  email: string;
  referredBy: string | null;
  hasDiscount: boolean;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

export const REFERRAL_STATES = ['available', 'used', 'expired', 'void'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];
export const REFERRAL_SORTS = ['createdAt', 'expiresAt', 'code'] as const;

export interface AdminReferralCode {
  id: number;
  code: string;
  generatedBy: string;
  usedBy: string | null;
  discountPercent: number;
  state: ReferralState;
  expiresAt: string;
  voidedAt: string | null;
  createdAt: string;
}

export interface AdminLotteryDraw {
  id: number;
  month: string;
  entrants: number;
  winnerEmail: string | null;
  /** 'schedule' or the admin who drew it. */
  drawnBy: string;
  drawnAt: string;
  notifiedAt: string | null;
  resentAt: string | null;
  resendCount: number;
}

// ---------------------------------------------------------------- dashboard charts

/** GET /api/admin/stats/charts: server-side aggregates for the dashboard (London time). */
export interface DashboardCharts {
  success: true;
  /** The last 12 months, oldest first, every month present. */
  months: {
    month: string;
    /** Paid bookings (deposits, plans, custom) and their takings net of refunds, in pence. */
    bookings: number;
    revenue: number;
    /** Newsletter sign-ups and confirmations that month. */
    signups: number;
    confirmed: number;
  }[];
  /** The last 12 weeks (Monday, 'YYYY-MM-DD'), oldest first. */
  weeks: { week: string; messages: number }[];
}

// ---------------------------------------------------------------- what needs doing

/**
 * The work waiting for the studio (issue 22): what the dashboard leads with. Each kind is a
 * state the studio must move on, and stops being listed once it has (files accepted, a version
 * posted, the balance paid, the message opened, the mail sent).
 */
export const DASHBOARD_ACTION_LABELS = {
  files_arrived: 'Files to accept',
  round_submitted: 'Revision round to answer',
  balance_unpaid: 'Balance unpaid',
  unread_message: 'Unread message',
  failed_mail: 'Mail not delivered',
} satisfies Record<string, string>;
export type DashboardActionKind = keyof typeof DASHBOARD_ACTION_LABELS;
export const DASHBOARD_ACTION_KINDS = kindsOf(DASHBOARD_ACTION_LABELS);

export interface DashboardActionDto {
  kind: DashboardActionKind;
  /** When the item started waiting (ISO 8601): the list is sorted on it, oldest first. */
  since: string;
  /** One line saying what waits, in words for staff. */
  label: string;
  projectId?: string;
  messageId?: number;
  /** The mail's job id (failed mails), as shown on the queue dashboard. */
  jobId?: string;
  /** Balance owed, in pence (balance_unpaid). */
  amountPence?: number;
}

export interface DashboardActionsResponse {
  success: true;
  /** Every waiting item (never a top N), oldest first. */
  actions: DashboardActionDto[];
  total: number;
  /** How many of each kind wait, whatever the filter. */
  counts: Record<DashboardActionKind, number>;
}
