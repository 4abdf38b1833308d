/**
 * Newsletter subscribers. One row per address (case-insensitive), whatever the number of
 * sign-ups; only a new or returning subscriber is sent the welcome mail with the free guide.
 * Every newsletter mail carries a signed one-click unsubscribe link and the RFC 8058 headers.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { join } from 'node:path';
import { IsNull, MoreThanOrEqual, Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { badRequest } from '../common/errors/app.exception';
import { MailService } from '../mail/mail.service';
import type { MailJob } from '../mail/mail.types';
import { ReferralService } from '../referral/referral.service';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/** The free mixing guide, relative to the build root (see MailProcessor's ASSET_ROOT). */
export const GUIDE_ASSET = 'newsletter/assets/mixing-guide.pdf';
export const GUIDE_FILE = join(__dirname, 'assets', 'mixing-guide.pdf');
export const GUIDE_FILENAME = 'free-mixing-guide.pdf';

export type SubscribeStatus = 'subscribed' | 'resubscribed' | 'already-subscribed';

export interface SubscribeOutcome {
  status: SubscribeStatus;
  subscriber: NewsletterSubscriber;
  /** Null when no welcome mail was due (already subscribed). */
  welcomeQueued: boolean | null;
}

export const SUBSCRIBE_MESSAGES: Record<SubscribeStatus, string> = {
  subscribed: "Thanks for subscribing! We've sent you an email with your free mixing guide PDF.",
  resubscribed:
    "Welcome back! You're subscribed again, and we've sent you the free mixing guide PDF once more.",
  'already-subscribed': "You're already subscribed. Keep an eye on your inbox for the next newsletter.",
};

@Injectable()
export class NewsletterService {
  private readonly logger = new Logger(NewsletterService.name);

  constructor(
    @InjectRepository(NewsletterSubscriber) private readonly subscribers: Repository<NewsletterSubscriber>,
    private readonly referrals: ReferralService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async subscribe(rawEmail: string, referralCode?: string): Promise<SubscribeOutcome> {
    const email = rawEmail.trim().toLowerCase();
    const referredBy = referralCode ? await this.referrerFor(referralCode, email) : null;
    const hasDiscount = referredBy !== null;

    // Concurrent sign-ups of one address: the unique index lets exactly one insert win.
    const inserted: { id: number }[] = await this.subscribers.query(
      `INSERT INTO newsletter_subscribers (email, referred_by, has_discount) VALUES ($1, $2, $3)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email, referredBy, hasDiscount],
    );
    let status: SubscribeStatus = 'subscribed';
    let id = inserted[0]?.id;
    if (!id) {
      const revived = await this.subscribers.query(
        `UPDATE newsletter_subscribers
            SET unsubscribed_at = NULL, updated_at = now(),
                referred_by = COALESCE(referred_by, $2), has_discount = has_discount OR $3
          WHERE lower(email) = $1 AND unsubscribed_at IS NOT NULL
          RETURNING id`,
        [email, referredBy, hasDiscount],
      );
      id = revived[0]?.[0]?.id;
      status = id ? 'resubscribed' : 'already-subscribed';
      if (!id && referredBy) {
        await this.subscribers.query(
          `UPDATE newsletter_subscribers SET referred_by = $2, has_discount = true, updated_at = now()
            WHERE lower(email) = $1 AND referred_by IS NULL`,
          [email, referredBy],
        );
      }
    }
    const subscriber = await this.subscribers
      .createQueryBuilder('s')
      .where('lower(s.email) = :email', { email })
      .getOneOrFail();
    if (referredBy && status !== 'already-subscribed') await this.rewardReferrer(referredBy);

    let welcomeQueued: boolean | null = null;
    if (status !== 'already-subscribed') {
      // A returning subscriber gets a fresh welcome; a repeated sign-up never gets a second one.
      const jobId =
        status === 'subscribed'
          ? `newsletter-welcome-${subscriber.id}`
          : `newsletter-welcome-${subscriber.id}-${subscriber.updatedAt.getTime()}`;
      welcomeQueued = await this.mail
        .enqueue(this.welcomeMail(subscriber, jobId))
        .then(() => true)
        .catch((err: Error) => {
          this.logger.warn(`Welcome mail for subscriber ${subscriber.id} not queued: ${err.message}`);
          return false;
        });
    }
    return { status, subscriber, welcomeQueued };
  }

  /** Unsubscribes the address a signed token names; false when the token is not genuine. */
  async unsubscribeByToken(token: unknown): Promise<{ email: string } | null> {
    const email = verifyUnsubscribeToken(this.config.jwtSecret, token);
    if (!email) return null;
    await this.subscribers.query(
      `UPDATE newsletter_subscribers SET unsubscribed_at = now(), updated_at = now()
        WHERE lower(email) = $1 AND unsubscribed_at IS NULL`,
      [email.toLowerCase()],
    );
    return { email };
  }

  list(limit = 100, offset = 0): Promise<[NewsletterSubscriber[], number]> {
    return this.subscribers.findAndCount({
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      skip: offset,
    });
  }

  countActive(): Promise<number> {
    return this.subscribers.countBy({ unsubscribedAt: IsNull() });
  }

  countSince(since: Date): Promise<number> {
    return this.subscribers.countBy({ createdAt: MoreThanOrEqual(since) });
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

  private welcomeMail(subscriber: NewsletterSubscriber, jobId: string): MailJob {
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
    await this.subscribers.query(
      `UPDATE newsletter_subscribers SET has_discount = true, updated_at = now()
        WHERE lower(email) = $1 AND has_discount = false`,
      [referrerEmail],
    );
  }
}
