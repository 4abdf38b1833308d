/**
 * /admin/subscribers: the list, a manual unsubscribe, and deletion, which erases the address
 * everywhere the newsletter and referral features keep it (its row, the codes it generated,
 * the lottery draws it won, other subscribers' "referred by").
 */
import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { AdminSubscriber } from '@studio/shared';
import { pageOf } from '../common/admin-list.query';
import { csvStream } from '../common/csv-stream';
import { notFound } from '../common/errors/app.exception';
import { ReferralRepository } from '../referral/referral.repository';
import type { SubscriberListQuery } from './dto/admin-subscribers.dto';
import { NewsletterSubscriberEntity } from './entities/newsletter-subscriber.entity';
import { SubscribersRepository } from './subscribers.repository';

const toAdmin = (s: NewsletterSubscriberEntity): AdminSubscriber => ({
  id: s.id,
  email: s.email,
  referredBy: s.referredBy,
  hasDiscount: s.hasDiscount,
  confirmedAt: s.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
});

@Injectable()
export class AdminSubscribersService {
  constructor(
    private readonly repo: SubscribersRepository,
    private readonly referrals: ReferralRepository,
  ) {}

  async list(q: SubscriberListQuery): Promise<{ items: AdminSubscriber[]; total: number }> {
    const [rows, total] = await this.repo.list(
      { ...filterOf(q), sort: q.sort ?? 'createdAt', order: q.order ?? 'desc' },
      pageOf(q),
    );
    return { items: rows.map(toAdmin), total };
  }

  /** Sign-ups and confirmations per month, for the dashboard's chart. */
  monthlyGrowth(months: number): Promise<{ month: string; signups: number; confirmed: number }[]> {
    return this.repo.monthlyGrowth(months);
  }

  exportCsv(q: SubscriberListQuery): Readable {
    const filter = filterOf(q);
    return csvStream(
      ['id', 'email', 'referred_by', 'has_discount', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'],
      (beforeId, size) => this.repo.batch(filter, beforeId, size),
      (s) => [s.id, s.email, s.referredBy, s.hasDiscount, s.createdAt, s.confirmedAt, s.unsubscribedAt],
    );
  }

  async unsubscribe(id: number): Promise<AdminSubscriber> {
    await this.get(id);
    await this.repo.unsubscribe(id);
    return toAdmin(await this.get(id));
  }

  async remove(id: number): Promise<void> {
    const subscriber = await this.get(id);
    await this.referrals.deleteGeneratedBy(subscriber.email);
    await this.repo.erase(subscriber);
  }

  private async get(id: number): Promise<NewsletterSubscriberEntity> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('Subscriber not found.', 'SUBSCRIBER_NOT_FOUND');
    return row;
  }
}

function filterOf(q: SubscriberListQuery) {
  return {
    search: q.search || undefined,
    state: q.state,
    referred: q.referred === undefined ? undefined : q.referred === 'yes',
  };
}
