/**
 * Newsletter subscribers. One row per address (case-insensitive), whatever the number of
 * sign-ups. Double opt-in: a sign-up only mails a confirmation link (within the per-address cap
 * of RecipientLimiter); the welcome mail with the free guide, the lottery entry and the
 * referrer's reward follow the confirmation. Every newsletter mail carries a signed one-click
 * unsubscribe link and the RFC 8058 headers.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { VISITOR_MAIL } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { badRequest } from '../common/errors/app.exception';
import { MailService } from '../mail/mail.service';
import type { MailRequest } from '../mail/mail.types';
import { RecipientLimiter } from '../mail/recipient-limiter';
import { ReferralService } from '../referral/referral.service';
import { NewsletterSubscriberEntity } from './entities/newsletter-subscriber.entity';
import { signConfirmToken, verifyConfirmToken } from './confirm-token';
import { SubscribersRepository } from './subscribers.repository';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/** The free mixing guide, relative to the build root (see MailProcessor's ASSET_ROOT). */
export const GUIDE_ASSET = 'newsletter/assets/mixing-guide.pdf';
export const GUIDE_FILE = join(__dirname, 'assets', 'mixing-guide.pdf');
export const GUIDE_FILENAME = 'free-mixing-guide.pdf';

/** `confirmation-sent`: a link to confirm is on its way; `already-subscribed`: confirmed before. */
export type SubscribeStatus = 'confirmation-sent' | 'already-subscribed';

export interface SubscribeOutcome {
  status: SubscribeStatus;
  subscriber: NewsletterSubscriberEntity;
  /** Null when no confirmation was due (already subscribed). */
  confirmationQueued: boolean | null;
}

export type ConfirmStatus = 'confirmed' | 'already-confirmed';

export const SUBSCRIBE_MESSAGES: Record<SubscribeStatus, string> = {
  'confirmation-sent':
    "Almost there! We've sent you an email with a link to confirm your subscription; your free mixing guide follows as soon as you click it.",
  'already-subscribed': "You're already subscribed. Keep an eye on your inbox for the next newsletter.",
};

@Injectable()
export class NewsletterService {
  private readonly logger = new Logger(NewsletterService.name);

  constructor(
    private readonly subscribers: SubscribersRepository,
    private readonly referrals: ReferralService,
    private readonly mail: MailService,
    private readonly recipients: RecipientLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async subscribe(rawEmail: string, referralCode?: string): Promise<SubscribeOutcome> {
    const email = rawEmail.trim().toLowerCase();
    const referredBy = referralCode ? await this.referrerFor(referralCode, email) : null;
    const hasDiscount = referredBy !== null;

    if (!(await this.subscribers.insertIfNew(email, referredBy, hasDiscount))) {
      // Someone who left comes back only by confirming again: anyone can type their address.
      await this.subscribers.rejoin(email, referredBy, hasDiscount);
      if (referredBy) await this.subscribers.setReferrerIfNone(email, referredBy);
    }
    const subscriber = await this.subscribers.findByEmail(email);
    if (!subscriber) throw new Error(`Subscriber ${email} vanished while subscribing`);
    if (subscriber.confirmedAt) return { status: 'already-subscribed', subscriber, confirmationQueued: null };
    return {
      status: 'confirmation-sent',
      subscriber,
      confirmationQueued: await this.sendConfirmation(subscriber),
    };
  }

  /**
   * Follows a confirmation link: the subscriber is on the list from now on, gets the welcome mail
   * with the guide, and their referrer the reward. Null when the link is not genuine or too old,
   * or the address has left the list since.
   */
  async confirm(token: unknown): Promise<{ email: string; status: ConfirmStatus } | null> {
    const email = verifyConfirmToken(this.config.jwtSecret, token);
    if (!email) return null;
    const confirmed = await this.subscribers.confirm(email);
    const subscriber = await this.subscribers.findByEmail(email);
    if (!subscriber || subscriber.unsubscribedAt) return null;
    if (!confirmed) return { email, status: 'already-confirmed' };
    if (subscriber.referredBy) await this.rewardReferrer(subscriber.referredBy);
    const jobId = `newsletter-welcome-${subscriber.id}-${subscriber.confirmedAt?.getTime() ?? Date.now()}`;
    await this.mail
      .enqueue(this.welcomeMail(subscriber, jobId))
      .catch((err: Error) =>
        this.logger.warn(`Welcome mail for subscriber ${subscriber.id} not queued: ${err.message}`),
      );
    return { email, status: 'confirmed' };
  }

  private async sendConfirmation(subscriber: NewsletterSubscriberEntity): Promise<boolean> {
    if (!(await this.recipients.allow(subscriber.email))) {
      this.logger.warn(
        `Subscriber ${subscriber.id}: confirmation not sent, the address had its mails for today`,
      );
      return false;
    }
    const confirmUrl = `${this.config.publicUrl}/api/newsletter/confirm?token=${signConfirmToken(this.config.jwtSecret, subscriber.email)}`;
    return this.mail
      .enqueue({
        template: 'newsletter-confirm',
        to: subscriber.email,
        subject: `Please confirm your ${this.config.siteName} newsletter subscription`,
        context: { confirmUrl, validDays: VISITOR_MAIL.confirmLinkDays },
        // Each sign-up is its own mail (the per-address cap bounds them): concurrent sign-ups in
        // one millisecond must not share a job id, or the queue keeps only one of them.
        jobId: `newsletter-confirm-${subscriber.id}-${Date.now()}-${randomBytes(3).toString('hex')}`,
      })
      .then(() => true)
      .catch((err: Error) => {
        this.logger.warn(`Confirmation for subscriber ${subscriber.id} not queued: ${err.message}`);
        return false;
      });
  }

  /** Unsubscribes the address a signed token names; false when the token is not genuine. */
  async unsubscribeByToken(token: unknown): Promise<{ email: string } | null> {
    const email = verifyUnsubscribeToken(this.config.jwtSecret, token);
    if (!email) return null;
    await this.subscribers.unsubscribeByEmail(email.toLowerCase());
    return { email };
  }

  /** Confirmed and not unsubscribed: the people the newsletter and the lottery reach. */
  countActive(): Promise<number> {
    return this.subscribers.countActive();
  }

  countSince(since: Date): Promise<number> {
    return this.subscribers.countSince(since);
  }

  unsubscribeUrl(email: string): string {
    return `${this.config.publicUrl}/api/newsletter/unsubscribe?token=${signUnsubscribeToken(this.config.jwtSecret, email)}`;
  }

  get guideUrl(): string {
    return `${this.config.publicUrl}/api/newsletter/guide.pdf`;
  }

  /**
   * Everything a newsletter mail needs so the subscriber can leave in one click: the link for
   * the footer and the List-Unsubscribe headers mail providers show as a button (RFC 8058).
   */
  listMail(email: string): { unsubscribeUrl: string; headers: Record<string, string> } {
    const unsubscribeUrl = this.unsubscribeUrl(email);
    const mailbox = /<([^>]+)>/.exec(this.config.mail.from)?.[1] ?? this.config.mail.from;
    return {
      unsubscribeUrl,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${mailbox}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  private welcomeMail(subscriber: NewsletterSubscriberEntity, jobId: string): MailRequest {
    const { unsubscribeUrl, headers } = this.listMail(subscriber.email);
    return {
      template: 'newsletter-welcome',
      to: subscriber.email,
      subject: `Welcome to the ${this.config.siteName} newsletter: your free mixing guide`,
      context: {
        email: subscriber.email,
        guideUrl: this.guideUrl,
        unsubscribeUrl,
        hasDiscount: subscriber.hasDiscount,
      },
      headers,
      attachments: [{ filename: GUIDE_FILENAME, path: GUIDE_ASSET, contentType: 'application/pdf' }],
      jobId,
    };
  }

  private async referrerFor(code: string, email: string): Promise<string> {
    const check = await this.referrals.validate(code);
    if (!check.valid || !check.code) throw badRequest(check.message, 'INVALID_REFERRAL_CODE');
    if (check.code.generatedBy === email)
      throw badRequest("You can't use your own referral code.", 'OWN_REFERRAL_CODE');
    return check.code.generatedBy;
  }

  /** The referrer earns the same discount when a friend subscribes with their code. */
  private async rewardReferrer(referrerEmail: string): Promise<void> {
    await this.subscribers.grantDiscount(referrerEmail);
  }
}
