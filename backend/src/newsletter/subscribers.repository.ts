/** The back office's queries on `newsletter_subscribers` and the draws they won. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import type { SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { LONDON_TZ } from '../common/london-month';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity';
import { LotteryDraw } from './lottery/entities/lottery-draw.entity';

export interface SubscriberFilter {
  search?: string;
  state?: 'pending' | 'active' | 'unsubscribed';
  referred?: boolean;
  sort: 'createdAt' | 'email';
  order: SortOrder;
}

@Injectable()
export class SubscribersRepository {
  constructor(
    @InjectRepository(NewsletterSubscriber) private readonly subscribers: Repository<NewsletterSubscriber>,
  ) {}

  private filtered(
    filter: Omit<SubscriberFilter, 'sort' | 'order'>,
  ): SelectQueryBuilder<NewsletterSubscriber> {
    const qb = this.subscribers.createQueryBuilder('s');
    if (filter.search) {
      qb.andWhere('(s.email ILIKE :q OR s.referred_by ILIKE :q)', { q: likePattern(filter.search) });
    }
    if (filter.state === 'pending') qb.andWhere('s.unsubscribed_at IS NULL AND s.confirmed_at IS NULL');
    if (filter.state === 'active') qb.andWhere('s.unsubscribed_at IS NULL AND s.confirmed_at IS NOT NULL');
    if (filter.state === 'unsubscribed') qb.andWhere('s.unsubscribed_at IS NOT NULL');
    if (filter.referred !== undefined) qb.andWhere(`s.referred_by IS ${filter.referred ? 'NOT ' : ''}NULL`);
    return qb;
  }

  list(filter: SubscriberFilter, page: Page): Promise<[NewsletterSubscriber[], number]> {
    return this.filtered(filter)
      .orderBy(`s.${filter.sort}`, filter.order === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('s.id', 'DESC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
  }

  batch(filter: Omit<SubscriberFilter, 'sort' | 'order'>, beforeId: number | null, size: number) {
    const qb = this.filtered(filter);
    if (beforeId !== null) qb.andWhere('s.id < :beforeId', { beforeId });
    return qb.orderBy('s.id', 'DESC').limit(size).getMany();
  }

  /** New sign-ups and confirmations per London month for the last `months` months (empty months as 0). */
  async monthlyGrowth(months: number): Promise<{ month: string; signups: number; confirmed: number }[]> {
    return this.subscribers.query(
      `SELECT to_char(m, 'YYYY-MM') AS month,
              (SELECT count(*) FROM newsletter_subscribers
                WHERE date_trunc('month', created_at AT TIME ZONE $1) = m)::int AS signups,
              (SELECT count(*) FROM newsletter_subscribers
                WHERE date_trunc('month', confirmed_at AT TIME ZONE $1) = m)::int AS confirmed
         FROM generate_series(
                date_trunc('month', now() AT TIME ZONE $1) - make_interval(months => $2),
                date_trunc('month', now() AT TIME ZONE $1), interval '1 month') AS m
        ORDER BY m`,
      [LONDON_TZ, months - 1],
    );
  }

  findById(id: number): Promise<NewsletterSubscriber | null> {
    return this.subscribers.findOneBy({ id });
  }

  async unsubscribe(id: number): Promise<void> {
    await this.subscribers
      .createQueryBuilder()
      .update()
      .set({ unsubscribedAt: () => 'COALESCE(unsubscribed_at, now())' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * Erases the address: the row, the draws it won keep only that someone won, and other
   * subscribers' "referred by" no longer names it. One transaction.
   */
  async erase(subscriber: NewsletterSubscriber): Promise<void> {
    await this.subscribers.manager.transaction(async (m) => {
      await m
        .createQueryBuilder()
        .update(LotteryDraw)
        .set({ winnerEmail: null })
        .where('winner_subscriber_id = :id', { id: subscriber.id })
        .execute();
      await m
        .createQueryBuilder()
        .update(NewsletterSubscriber)
        .set({ referredBy: null })
        .where('lower(referred_by) = lower(:email)', { email: subscriber.email })
        .execute();
      await m.delete(NewsletterSubscriber, { id: subscriber.id });
    });
  }
}
