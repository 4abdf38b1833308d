/**
 * Newsletter issues (issue 12, /admin/newsletter): what staff write and send to every active
 * (confirmed, not unsubscribed) subscriber. Shared by the admin API and the admin remote.
 */

export const NEWSLETTER_ISSUE_LIMITS = {
  subjectMin: 3,
  subjectMax: 200,
  preheaderMax: 200,
  /** Characters of HTML; a long issue with a few images fits comfortably. */
  bodyMax: 200_000,
  bodyTextMin: 10,
} as const;

export const NEWSLETTER_ISSUE_MESSAGES = {
  subject: `Subject must be between ${NEWSLETTER_ISSUE_LIMITS.subjectMin} and ${NEWSLETTER_ISSUE_LIMITS.subjectMax} characters`,
  preheader: `Preview text must be at most ${NEWSLETTER_ISSUE_LIMITS.preheaderMax} characters`,
  body: `Write at least ${NEWSLETTER_ISSUE_LIMITS.bodyTextMin} characters in the issue`,
  bodyTooLong: `The issue must be at most ${NEWSLETTER_ISSUE_LIMITS.bodyMax} characters of HTML`,
  notDraft: 'This issue has been sent; it can no longer be changed.',
  notSending: 'Only an issue that is being sent can be paused.',
  notPaused: 'Only a paused issue can be resumed.',
  paused:
    'Sending is paused: no more mails of this issue go out until it is resumed. Mails already handed to the mail server may still arrive. Resuming sends each remaining subscriber one copy.',
  notFound: 'Newsletter issue not found.',
} as const;

/**
 * draft: being written; sending: recipients fixed, mails on the queue; paused: an admin stopped
 * the send half-way (resumable); sent: every mail settled.
 */
export const NEWSLETTER_ISSUE_STATES = ['draft', 'sending', 'paused', 'sent'] as const;
export type NewsletterIssueState = (typeof NEWSLETTER_ISSUE_STATES)[number];

/**
 * Per-recipient delivery: pending (not yet queued), queued, claimed (a mail job is sending it),
 * sent, failed for good, skipped (left the list).
 */
export const NEWSLETTER_DELIVERY_STATES = [
  'pending',
  'queued',
  'claimed',
  'sent',
  'failed',
  'skipped',
] as const;
export type NewsletterDeliveryState = (typeof NEWSLETTER_DELIVERY_STATES)[number];

export interface NewsletterIssueProgress {
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Not settled yet: pending, on the queue or being sent (a paused issue's rows count here). */
  remaining: number;
}

export interface AdminNewsletterIssue {
  id: number;
  subject: string;
  preheader: string;
  /** Sanitised HTML, as the editor writes it. */
  bodyHtml: string;
  state: NewsletterIssueState;
  createdBy: string | null;
  sentBy: string | null;
  createdAt: string;
  updatedAt: string;
  sendStartedAt: string | null;
  sentAt: string | null;
  progress: NewsletterIssueProgress;
}

export interface NewsletterIssueInput {
  subject: string;
  preheader?: string;
  bodyHtml: string;
}

export interface NewsletterPreview {
  success: true;
  subject: string;
  html: string;
  text: string;
}

export interface NewsletterSendResult {
  success: true;
  /** False when the issue was already sending or sent: nothing new was queued. */
  started: boolean;
  message: string;
  issue: AdminNewsletterIssue;
}

/** POST …/issues/{id}/pause and …/resume: the issue as it is now (also when nothing changed). */
export interface NewsletterIssueActionResult {
  success: true;
  message: string;
  issue: AdminNewsletterIssue;
}
