/**
 * Client projects, part 2 (issue 14): the versions staff post, their previews and protection,
 * the client's timestamped notes gathered in revision rounds, the balance and the final files.
 * The backend, the portal's review player and the admin project page all read these.
 */
import { formatPence } from './money';
import { slugify } from './text';

export const VERSION_KINDS = ['mix', 'master', 'alternate'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];
export const VERSION_KIND_LABELS: Record<VersionKind, string> = {
  mix: 'Mix',
  master: 'Master',
  alternate: 'Alternate',
};

/** How a preview is protected until the balance is paid. */
export const PROTECTIONS = ['none', 'tag', 'fade'] as const;
export type Protection = (typeof PROTECTIONS)[number];
export const PROTECTION_LABELS: Record<Protection, string> = {
  none: 'None',
  tag: 'Audible tag every few seconds',
  fade: 'Faded ending',
};

export const REVIEW = {
  /** Default seconds between two audible tags. */
  tagEverySec: 20,
  tagEveryMinSec: 5,
  tagEveryMaxSec: 120,
  /** The faded ending: the last this-many seconds (at most a fifth of the track) fade out. */
  fadeSec: 20,
  /** Signed preview and download URLs live this long (and a staff member's preview pass). */
  urlMinutes: 10,
  /**
   * The staff preview pass: an httpOnly cookie, scoped to the previews' path, that binds staff
   * preview URLs to the staff session that asked for them.
   */
  staffPreviewCookie: 'staffPreview',
  staffPreviewPath: '/api/media/previews',
  /** Peaks kept for the waveform: about ten a second, at most this many (≤ 50 KB of JSON). */
  maxPeaks: 4000,
  /** The level both sides of the A/B switch are brought to (LUFS). */
  matchLufs: -14,
  commentMax: 2000,
  /** Balance reminders, days after the request. */
  reminderDays: [3, 7] as const,
  /** Extra revision round fee when Settings has none (pence). */
  defaultExtraRoundPence: 2500,
} as const;

export type VersionStatus = 'processing' | 'ready' | 'failed';

export interface VersionDto {
  id: string;
  number: number;
  kind: VersionKind;
  name: string;
  status: VersionStatus;
  durationSec: number | null;
  /** Integrated loudness (EBU R128) of the source, for matched-loudness playback. */
  loudnessLufs: number | null;
  protection: Protection;
  note: string | null;
  createdAt: string;
}

export interface ReviewCommentDto {
  id: number;
  versionId: string;
  versionNumber: number;
  parentId: number | null;
  roundId: number | null;
  author: 'client' | 'staff';
  authorName: string | null;
  body: string;
  atSec: number;
  endSec: number | null;
  resolved: boolean;
  createdAt: string;
}

export type RoundStatus = 'draft' | 'submitted';

export interface RoundDto {
  id: number;
  /** Null while a draft; N once submitted. */
  number: number | null;
  status: RoundStatus;
  extra: boolean;
  feePence: number;
  submittedAt: string | null;
  commentCount: number;
  resolvedCount: number;
}

export interface MoneyLineDto {
  label: string;
  pence: number;
}

/** One money record per project: what was quoted, taken, added, owed and given back. */
export interface ProjectMoneyDto {
  listPricePence: number;
  discountPence: number;
  quotedPence: number;
  depositPence: number;
  extras: MoneyLineDto[];
  extrasPence: number;
  balancePence: number;
  balancePaid: boolean;
  refundsPence: number;
  /** The client's balance page (`/pay/{token}`) while a requested balance is unpaid, else null. */
  payPath: string | null;
}

/** What the balance is made of, as the project page and the pay page show it. */
export type BalanceBreakdown = Pick<
  ProjectMoneyDto,
  'quotedPence' | 'discountPence' | 'depositPence' | 'extras' | 'balancePence'
>;

export interface BreakdownLine {
  label: string;
  /** Signed: what it adds to (or takes off) the balance; the last line is the balance itself. */
  pence: number;
  total?: boolean;
}

/** Quote, deposit paid, each extra (revision rounds), then the balance due. */
export function breakdownLines(b: BalanceBreakdown): BreakdownLine[] {
  return [
    {
      label: b.discountPence > 0 ? `Quote (after a ${formatPence(b.discountPence)} discount)` : 'Quote',
      pence: b.quotedPence,
    },
    { label: 'Deposit paid', pence: -b.depositPence },
    ...b.extras.map((e) => ({ label: e.label, pence: e.pence })),
    { label: 'Balance due', pence: b.balancePence, total: true },
  ];
}

/**
 * The name of the ZIP of a project's final files: `{project}-{service}-final.zip`, the project
 * being the client's name (or the start of their address), both as slugs.
 */
export function finalZipName(p: {
  customerName: string | null;
  customerEmail: string;
  serviceName: string;
}): string {
  const project = slugify(p.customerName ?? '') || slugify(p.customerEmail.split('@')[0]) || 'project';
  const service = slugify(p.serviceName) || 'mix';
  return `${project}-${service}-final.zip`;
}

/** The name of the ZIP of the files a client sent, for staff: `{project}-{service}-client-files.zip`. */
export function clientFilesZipName(p: Parameters<typeof finalZipName>[0]): string {
  return finalZipName(p).replace(/-final\.zip$/, '-client-files.zip');
}

export interface FinalFileDto {
  id: string;
  name: string;
  size: number;
  createdAt: string;
}

export interface ReviewDto {
  versions: VersionDto[];
  comments: ReviewCommentDto[];
  rounds: RoundDto[];
  includedRounds: number;
  /** The round a submission would make, and whether it costs the extra-round fee. */
  nextRound: { number: number; extra: boolean; feePence: number };
  protection: Protection;
  tagEverySec: number;
  money: ProjectMoneyDto;
  finals: FinalFileDto[];
  downloadsUnlocked: boolean;
}

/** The balance: the quoted price less the deposit, plus accepted extras; never below zero. */
export function balancePence(quotedPence: number, depositPence: number, extrasPence: number): number {
  return Math.max(0, quotedPence - depositPence + extrasPence);
}

/** "round N of M" and whether round N costs the fee. */
export function roundLabel(n: number, included: number): string {
  return n <= included
    ? `round ${n} of ${included}`
    : `extra round ${n - included} (beyond the ${included} included)`;
}

export const REVIEW_MESSAGES = {
  versionNotFound: 'Version not found.',
  versionNotReady: 'This version is still being prepared. Try again in a minute.',
  commentNotFound: 'Comment not found.',
  beyondEnd: (durationSec: number) =>
    `That moment is past the end of the track (${durationSec.toFixed(1)} s).`,
  rangeOrder: 'A range must end after it starts.',
  emptyRound: 'Leave at least one note before submitting a round.',
  extraRoundFee: (fee: number, included: number) =>
    `Your ${included} included revision rounds are used. Another round costs ${formatPence(fee)}: accept the fee to submit it.`,
  notInReview: 'There is no version waiting for your review.',
  noVersion: 'Approve a version that is ready.',
  urlInvalid: 'This link has expired or belongs to another session. Reload the page for a new one.',
  balanceUnpaid:
    'Your final files unlock as soon as the balance is paid. Use the payment link in your email or on your project page.',
  payLinkInvalid: 'This payment link is not valid. Use the latest link from your email or your project page.',
  balancePaid: 'This balance is already paid. Thank you!',
  payLinkGone:
    'This project was cancelled, so its payment link no longer takes payments. Contact the studio if you think this is a mistake.',
  paymentProcessing:
    'A payment of this balance is already being processed by your bank. We will email you as soon as it clears.',
  badUpload: 'Send the audio file as the request body (application/octet-stream).',
  notAudio: (detected: string) => `This file is ${detected}. Upload a WAV, AIFF, FLAC, MP3, M4A or Ogg file.`,
  noteNotYours: 'Only your own notes can be changed.',
  noteAlreadySent: 'This note went to the studio with a revision round, so it can no longer be changed.',
  noteHasReplies:
    'The studio has answered this note, so it can no longer be deleted. You can still change it.',
} as const;

/** What the client's balance page (/pay/{token}) shows: `GET /api/pay/{token}` → `{ balance }`. */
export interface BalanceSummary {
  serviceName: string;
  customerName: string | null;
  amountPence: number;
  amountFormatted: string;
  paid: boolean;
  /** How the amount is made up (its lines add up to `amountPence`). */
  breakdown: BalanceBreakdown;
  /** Final files the payment unlocks (0 while the studio is still preparing them). */
  finalFileCount: number;
  /** The project's page in the portal. */
  projectPath: string;
}

/** One payment's receipt as the project page lists it (`GET /api/portal/projects/{id}/receipts`). */
export interface ReceiptSummaryDto {
  paymentId: number;
  /** "R-000123". */
  number: string;
  /** What was paid: "Deposit", "Booking deposit", "Balance". */
  label: string;
  amountPence: number;
  refundedPence: number;
  paidAt: string;
  /** The PDF, for this client's session. */
  url: string;
}

/** A receipt's number: the payment's id, zero-padded so receipts sort and read alike. */
export function receiptNumber(paymentId: number): string {
  return `R-${String(paymentId).padStart(6, '0')}`;
}
