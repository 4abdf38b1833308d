/**
 * Every query on `newsletter_subscribers`: sign-up, confirmation, leaving, the lottery's
 * entrants and the back office's list (the draws they won are erased with them).
 * Addresses are compared lower-cased, as the unique index does.
 */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, MoreThanOrEqual, Not, Repository, SelectQueryBuilder } from 'typeorm';
import type { SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { LONDON_TZ } from '../common/london-month';
import { returnedRows } from '../common/query-result';
import { NewsletterSubscriberEntity } from './entities/newsletter-subscriber.entity';
import { LotteryDrawEntity } from './lottery/entities/lottery-draw.entity';

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
    @InjectRepository(NewsletterSubscriberEntity)
    private readonly subscribers: Repository<NewsletterSubscriberEntity>,
  ) {}

  /** Adds the address unless it is on the list already; whether it was added. */
  async insertIfNew(email: string, referredBy: string | null, hasDiscount: boolean): Promise<boolean> {
    // Concurrent sign-ups of one address: the unique index lets exactly one insert win.
    const inserted = returnedRows(
      await this.subscribers.query(
        `INSERT INTO newsletter_subscribers (email, referred_by, has_discount) VALUES ($1, $2, $3)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
        [email, referredBy, hasDiscount],
      ),
    );
    return inserted.length > 0;
  }

  /** Someone who left signs up again: back to unconfirmed, keeping a referral they had. */
  async rejoin(email: string, referredBy: string | null, hasDiscount: boolean): Promise<void> {
    await this.subscribers.query(
      `UPDATE newsletter_subscribers
          SET unsubscribed_at = NULL, confirmed_at = NULL, updated_at = now(),
              referred_by = COALESCE(referred_by, $2), has_discount = has_discount OR $3
        WHERE lower(email) = $1 AND unsubscribed_at IS NOT NULL`,
      [email, referredBy, hasDiscount],
    );
  }

  /** Records who referred the address, unless someone already did. */
  async setReferrerIfNone(email: string, referredBy: string): Promise<void> {
    await this.subscribers.query(
      `UPDATE newsletter_subscribers SET referred_by = $2, has_discount = true, updated_at = now()
        WHERE lower(email) = $1 AND referred_by IS NULL`,
      [email, referredBy],
    );
  }

  findByEmail(email: string): Promise<NewsletterSubscriberEntity | null> {
    return this.subscribers.createQueryBuilder('s').where('lower(s.email) = :email', { email }).getOne();
  }

  /** Confirms a pending, still subscribed address; false when there was none to confirm. */
  async confirm(email: string): Promise<boolean> {
    const rows = returnedRows(
      await this.subscribers.query(
        `UPDATE newsletter_subscribers SET confirmed_at = now(), updated_at = now()
          WHERE lower(email) = $1 AND confirmed_at IS NULL AND unsubscribed_at IS NULL RETURNING id`,
        [email],
      ),
    );
    return rows.length > 0;
  }

  async unsubscribeByEmail(email: string): Promise<void> {
    await this.subscribers.query(
      `UPDATE newsletter_subscribers SET unsubscribed_at = now(), updated_at = now()
        WHERE lower(email) = $1 AND unsubscribed_at IS NULL`,
      [email],
    );
  }

  /** The address earns the discount (it referred a friend). */
  async grantDiscount(email: string): Promise<void> {
    await this.subscribers.query(
      `UPDATE newsletter_subscribers SET has_discount = true, updated_at = now()
        WHERE lower(email) = $1 AND has_discount = false`,
      [email],
    );
  }

  /** Confirmed and not unsubscribed (inside `em`'s transaction when given). */
  countActive(em: EntityManager = this.subscribers.manager): Promise<number> {
    return em.countBy(NewsletterSubscriberEntity, { unsubscribedAt: IsNull(), confirmedAt: Not(IsNull()) });
  }

  /** The active subscriber at `offset` in id order (inside `em`'s transaction). */
  async activeAt(em: EntityManager, offset: number): Promise<{ id: number; email: string } | undefined> {
    const rows = (await em.query(
      `SELECT id, email FROM newsletter_subscribers WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL ORDER BY id OFFSET $1 LIMIT 1`,
      [offset],
    )) as { id: number; email: string }[];
    return rows[0];
  }

  countSince(since: Date): Promise<number> {
    return this.subscribers.countBy({ createdAt: MoreThanOrEqual(since) });
  }

  private filtered(
    filter: Omit<SubscriberFilter, 'sort' | 'order'>,
  ): SelectQueryBuilder<NewsletterSubscriberEntity> {
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

  list(filter: SubscriberFilter, page: Page): Promise<[NewsletterSubscriberEntity[], number]> {
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

  findById(id: number): Promise<NewsletterSubscriberEntity | null> {
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
  async erase(subscriber: NewsletterSubscriberEntity): Promise<void> {
    await this.subscribers.manager.transaction(async (m) => {
      await m
        .createQueryBuilder()
        .update(LotteryDrawEntity)
        .set({ winnerEmail: null })
        .where('winner_subscriber_id = :id', { id: subscriber.id })
        .execute();
      await m
        .createQueryBuilder()
        .update(NewsletterSubscriberEntity)
        .set({ referredBy: null })
        .where('lower(referred_by) = lower(:email)', { email: subscriber.email })
        .execute();
      await m.delete(NewsletterSubscriberEntity, { id: subscriber.id });
    });
  }
}
