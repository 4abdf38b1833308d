/** The newsletter's own Bull queue: one `dispatch` job per issue being sent (see the dispatcher). */
export const NEWSLETTER_QUEUE = 'newsletter';
export const DISPATCH_JOB = 'dispatch';
/** Delivery rows queued per round trip to Redis and Postgres. */
export const DISPATCH_BATCH = 500;
/** `MailJob.delivery.kind` of an issue's mails. */
export const ISSUE_DELIVERY = 'newsletter-issue';

export const dispatchJobId = (issueId: number) => `newsletter-issue-${issueId}-dispatch`;
/** One mail job per recipient per issue: Bull refuses a second job with the same id. */
export const issueMailJobId = (issueId: number, subscriberId: number) =>
  `newsletter-issue-${issueId}-${subscriberId}`;
