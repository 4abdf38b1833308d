import type { JobOptions } from 'bull';

/** The Bull queue every outgoing mail goes through. */
export const MAIL_QUEUE = 'mail';

/** Enough attempts to ride out an SMTP outage of about twenty minutes at the default delay. */
export const MAIL_ATTEMPTS = 8;

/** Open SMTP connections per worker process (nodemailer's pool). */
export const SMTP_POOL_CONNECTIONS = 8;
/**
 * Parallel jobs per worker process: eight per pooled connection. A mail's turn is mostly waiting
 * (its batched read and write in PostgreSQL, up to WORKER_BATCH_SPACING_MS each, four SMTP round
 * trips, Bull's completion), so the rate is about the jobs in flight divided by that wait: while
 * one job's message is on the wire the others have read theirs and queue for the connection. On
 * a quiet 2-core machine, 10,000 mails took 4.3-5.2 s (median 4.6) against 5.1-5.9 s (median
 * 5.4) at four per connection (earlier, on a loaded one, four per connection took 20 s against
 * 23-31 s with two); the SMTP server still sees at most SMTP_POOL_CONNECTIONS connections.
 * While SMTP is away (SmtpBreaker) at most this many jobs wait in the worker, active with their
 * locks renewed, and those in flight when it went away spend one attempt.
 */
export const MAIL_CONCURRENCY = 8 * SMTP_POOL_CONNECTIONS;

/**
 * The worker's batched reads and writes of its stored mails and delivery rows (MailStore, the
 * newsletter's claims) start at most one batch per this many ms: jobs are picked up one by one,
 * so without it each of them would go to PostgreSQL alone. A call after a quiet spell goes at once.
 */
export const WORKER_BATCH_SPACING_MS = 5;

/** How long an API request waits for Redis before it gives up on queueing and reports it. */
export const ENQUEUE_TIMEOUT_MS = 3000;

/** How often mails parked in the Postgres outbox (Redis was down) are moved to the queue. */
export const OUTBOX_SWEEP_MS = 30_000;

export function mailJobOptions(retryDelayMs: number): JobOptions {
  return {
    attempts: MAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: retryDelayMs },
    // Completed jobs are only history: keep a day's worth (at most 1000) for the dashboard.
    removeOnComplete: { age: 24 * 60 * 60, count: 1000 },
    // Failed jobs stay a month (at most 5000) for someone to look at them in /admin/queues.
    removeOnFail: { age: 30 * 24 * 60 * 60, count: 5000 },
  };
}

/** A stored, unsent mail older than this whose job Redis does not hold is queued again. */
export const RECONCILE_AFTER_MS = 5_000;
/** …unless it is older than this (a week): such a mail is stale, and its job long trimmed. */
export const RECONCILE_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;
/** Sent or failed mails are kept this long in `mail_messages` (delivery states, support). */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
