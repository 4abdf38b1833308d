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
  /** 'text' sends a plain-text-only mail (the delivery test uses it); default both parts. */
  format?: 'both' | 'text';
}

/**
 * A mail as a feature asks for it: the template names the type of its context, so a missing
 * or misspelt key, or a value of the wrong type, does not compile. The queue stores it as a
 * MailJob.
 */
export type MailRequest = {
  [T in MailTemplate]: Omit<MailJob, 'template' | 'context'> & { template: T; context: MailContexts[T] };
}[MailTemplate];
