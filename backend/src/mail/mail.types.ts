import type { MailDeliveryRef } from './mail-delivery-hooks';
import type { MailContexts, MailTemplate } from './mail-templates';

export interface MailAttachment {
  filename: string;
  /** Absolute, or relative to the backend's build root (src/ or dist/), e.g. 'mail/assets/x.txt'. */
  path: string;
  contentType?: string;
}

/** One mail as queued: everything the processor needs, JSON-serialisable. */
export interface MailJob {
  template: MailTemplate;
  to: string;
  subject: string;
  context: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Where replies go, e.g. the customer's address on an admin notification. */
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Same id, same mail: the queue refuses a second job with an id it already holds. */
  jobId?: string;
  /** Hold the mail this many ms before its first attempt (a batch of changes becomes one mail). */
  delay?: number;
  /** 'text' sends a plain-text-only mail (the delivery test uses it); default both parts. */
  format?: 'both' | 'text';
  /** A feature's delivery row for this mail (see mail-delivery-hooks.ts): checked before sending, marked after. */
  delivery?: MailDeliveryRef;
}

/**
 * What a job on the `mail` queue carries: the id of the mail stored in `mail_messages`, nothing
 * personal. Jobs queued before this change carry the whole MailJob; the worker still sends them.
 */
export interface MailJobRef {
  mailId: string;
}

export type MailQueueData = MailJobRef | MailJob;

export function isMailJobRef(data: MailQueueData): data is MailJobRef {
  return typeof (data as MailJobRef).mailId === 'string' && !('template' in data);
}

/**
 * A mail as a feature asks for it: the template names the type of its context, so a missing
 * or misspelt key, or a value of the wrong type, does not compile. It is stored as a MailJob.
 */
export type MailRequest = {
  [T in MailTemplate]: Omit<MailJob, 'template' | 'context'> & { template: T; context: MailContexts[T] };
}[MailTemplate];
