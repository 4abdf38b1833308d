/**
 * Lets a feature that keeps its own per-recipient delivery rows (the newsletter) take part in
 * each of its mail jobs without the mail pipeline knowing the feature:
 *
 * - `prepare` runs in the worker just before the SMTP send. It returns what to send now (the
 *   current address, the rendered context, headers), or null to skip the mail: already sent by
 *   an earlier attempt of a resumed send, or the recipient left the list or was deleted since.
 * - `sent` runs once the SMTP server accepted the message.
 * - `failed` runs when the job has failed for good (every attempt, or a permanent refusal).
 *
 * A job names its feature and row with `MailJob.delivery` ({ kind, id }), so the job in Redis
 * stays small and the row in Postgres is the record of who was mailed.
 */
import { Injectable } from '@nestjs/common';
import type { MailJob } from './mail.types';

export interface MailDeliveryRef {
  kind: string;
  id: number;
  /** The feature's own tag for this queuing of the row (the newsletter's send round); passed back as is. */
  round?: number;
}

export type PreparedMail = Pick<MailJob, 'to'> &
  Partial<Pick<MailJob, 'subject' | 'context' | 'headers'>> & {
    /**
     * Every mail prepared with this `key` has the same template, subject and context except the
     * string values named in `perRecipient`: the worker renders the shape once (MailRenderer.renderShared).
     */
    shared?: { key: string; perRecipient: string[] };
  };

export interface MailDeliveryHook {
  prepare(ref: MailDeliveryRef): Promise<PreparedMail | null>;
  sent(ref: MailDeliveryRef): Promise<void>;
  failed(ref: MailDeliveryRef, error: string): Promise<void>;
}

@Injectable()
export class MailDeliveryHooks {
  private readonly hooks = new Map<string, MailDeliveryHook>();

  register(kind: string, hook: MailDeliveryHook): void {
    this.hooks.set(kind, hook);
  }

  get(kind: string): MailDeliveryHook | undefined {
    return this.hooks.get(kind);
  }
}
