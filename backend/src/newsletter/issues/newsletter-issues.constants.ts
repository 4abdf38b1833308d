/** The newsletter's own Bull queue: one `dispatch` job per issue being sent (see the dispatcher). */
export const NEWSLETTER_QUEUE = 'newsletter';
export const DISPATCH_JOB = 'dispatch';
/** Delivery rows queued per round trip to Redis and Postgres. */
export const DISPATCH_BATCH = 500;
/** `MailJob.delivery.kind` of an issue's mails. */
export const ISSUE_DELIVERY = 'newsletter-issue';

/**
 * One dispatch job per issue and send round (a resume starts a new round): Bull refuses a
 * second job with the same id while one is there.
 */
export const dispatchJobId = (issueId: number, round = 0) =>
  `newsletter-issue-${issueId}-dispatch${round ? `-r${round}` : ''}`;
/**
 * One mail job per recipient per issue and send round: Bull refuses a second job with the same
 * id (it keeps completed jobs), so a row queued again after a resume needs a new one.
 */
export const issueMailJobId = (issueId: number, subscriberId: number, round = 0) =>
  `newsletter-issue-${issueId}-${subscriberId}${round ? `-r${round}` : ''}`;
