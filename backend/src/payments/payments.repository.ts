/**
 * Every query on `payments`, `payment_refunds` and `stripe_events`: bookings, the webhook's
 * settlement, the back office's ledger and refunds. Methods taking `m` run inside that
 * transaction.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { MonthTotal, PaymentStatusValue, SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { LONDON_TZ } from '../common/london-month';
import { returnedRows } from '../common/query-result';
import { PaymentRefundEntity } from './entities/payment-refund.entity';
import { PaymentEntity, PaymentKind, PaymentStatus } from './entities/payment.entity';
import { StripeEventEntity } from './entities/stripe-event.entity';

export interface PaymentFilter {
  search?: string;
  status?: PaymentStatusValue;
  kind?: PaymentKind;
  /** 'YYYY-MM', London time. */
  month?: string;
  sort: 'createdAt' | 'amount' | 'status';
  order: SortOrder;
}

/** Statuses of a payment whose money was taken (some or all of it may have been given back since). */
export const SETTLED: PaymentStatus[] = ['succeeded', 'partially_refunded', 'refunded'];

/** Statuses that mean the customer has booked (paid, or paying) with us. */
const BOOKED = ['succeeded', 'processing', 'partially_refunded'];

@Injectable()
export class PaymentsRepository {
  constructor(
    @InjectRepository(PaymentEntity) private readonly payments: Repository<PaymentEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Whether `email` has a booking on record: referral codes are for new customers only. */
  async hasBooked(email: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM payments WHERE lower(customer_email) = $1 AND status = ANY($2) LIMIT 1`,
      [email.trim().toLowerCase(), BOOKED],
    );
    return rows.length > 0;
  }

  private filtered(filter: Omit<PaymentFilter, 'sort' | 'order'>): SelectQueryBuilder<PaymentEntity> {
    const qb = this.payments.createQueryBuilder('p');
    if (filter.status) qb.andWhere('p.status = :status', { status: filter.status });
    if (filter.kind) qb.andWhere('p.kind = :kind', { kind: filter.kind });
    if (filter.month) {
      qb.andWhere(`to_char(p.created_at AT TIME ZONE :tz, 'YYYY-MM') = :month`, {
        tz: LONDON_TZ,
        month: filter.month,
      });
    }
    if (filter.search) {
      const q = likePattern(filter.search);
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('p.customer_email ILIKE :q', { q })
            .orWhere(`p.metadata->>'serviceName' ILIKE :q`, { q })
            .orWhere(`p.metadata->>'customerName' ILIKE :q`, { q })
            .orWhere('p.stripe_payment_intent_id ILIKE :q', { q })
            .orWhere('p.stripe_checkout_session_id ILIKE :q', { q })
            .orWhere('p.referral_code ILIKE :q', { q }),
        ),
      );
    }
    return qb;
  }

  list(filter: PaymentFilter, page: Page): Promise<[PaymentEntity[], number]> {
    return this.filtered(filter)
      .orderBy(`p.${filter.sort}`, filter.order === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('p.id', 'DESC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
  }

  /** One batch of the export, newest first, after the row `beforeId` (keyset paging). */
  batch(
    filter: Omit<PaymentFilter, 'sort' | 'order'>,
    beforeId: number | null,
    size: number,
  ): Promise<PaymentEntity[]> {
    const qb = this.filtered(filter);
    if (beforeId !== null) qb.andWhere('p.id < :beforeId', { beforeId });
    return qb.orderBy('p.id', 'DESC').limit(size).getMany();
  }

  /** Totals per London month for the last `months` months (months without payments left out). */
  async monthTotals(months: number): Promise<MonthTotal[]> {
    const rows: { month: string; count: number; gross: number; refunded: number }[] =
      await this.payments.query(
        `SELECT to_char(created_at AT TIME ZONE $1, 'YYYY-MM') AS month,
              COUNT(*)::int AS count,
              COALESCE(SUM(amount), 0)::int AS gross,
              COALESCE(SUM(amount_refunded), 0)::int AS refunded
         FROM payments
        WHERE status IN ('succeeded', 'partially_refunded', 'refunded')
          AND created_at >= date_trunc('month', now() AT TIME ZONE $1) AT TIME ZONE $1 - make_interval(months => $2)
        GROUP BY 1
        ORDER BY 1 DESC`,
        [LONDON_TZ, months - 1],
      );
    return rows.map((r) => ({ ...r, net: r.gross - r.refunded }));
  }

  /** One person's payments by email (any case), newest first, at most `limit`; and how many in all. */
  forEmail(email: string, limit: number): Promise<[PaymentEntity[], number]> {
    return this.payments
      .createQueryBuilder('p')
      .where('lower(p.customer_email) = lower(:email)', { email })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .take(limit)
      .getManyAndCount();
  }

  findById(id: number): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ id });
  }

  /**
   * The money a client project took, oldest first: its deposit or plan booking and its balance
   * payments (metadata.projectId), each once it succeeded (refunded ones included).
   */
  settledForProject(bookingPaymentId: number, projectId: string): Promise<PaymentEntity[]> {
    return this.payments
      .createQueryBuilder('p')
      .where(
        new Brackets((w) =>
          w
            .where('p.id = :bookingPaymentId', { bookingPaymentId })
            .orWhere(`p.kind = 'balance' AND p.metadata ->> 'projectId' = :projectId`, { projectId }),
        ),
      )
      .andWhere('p.status IN (:...settled)', { settled: SETTLED })
      .orderBy('p.created_at', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
  }

  /**
   * The client project behind each payment: the one a deposit or plan booking opened, or the
   * one a balance paid (its metadata). A read of the projects table, for the ledger's links only.
   */
  async projectIds(paymentIds: number[]): Promise<Map<number, string>> {
    if (!paymentIds.length) return new Map();
    const rows: { paymentId: number; projectId: string | null }[] = await this.db.query(
      `SELECT p.id AS "paymentId",
              COALESCE(pr.id::text,
                       CASE WHEN p.metadata->>'projectId' ~ '^[0-9a-f-]{36}$' THEN p.metadata->>'projectId' END)
                AS "projectId"
         FROM payments p LEFT JOIN projects pr ON pr.payment_id = p.id
        WHERE p.id = ANY($1::int[])`,
      [paymentIds],
    );
    return new Map(rows.filter((r) => r.projectId).map((r) => [r.paymentId, r.projectId!]));
  }

  /** The refunds of a payment made from the back office, oldest first. */
  refundsOf(paymentId: number): Promise<Pick<PaymentRefundEntity, 'amount' | 'createdAt'>[]> {
    return this.db
      .getRepository(PaymentRefundEntity)
      .find({ where: { paymentId }, select: { amount: true, createdAt: true }, order: { createdAt: 'ASC' } });
  }

  /** The refund made for a refund request, if one was. */
  refundByRequest(m: EntityManager, requestId: string): Promise<PaymentRefundEntity | null> {
    return m.getRepository(PaymentRefundEntity).findOneBy({ requestId });
  }

  /** The payment, locked until the transaction of `m` ends (refunds apply one at a time). */
  lockById(m: EntityManager, id: number): Promise<PaymentEntity | null> {
    return m.getRepository(PaymentEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async recordRefund(
    m: EntityManager,
    refund: Omit<PaymentRefundEntity, 'id' | 'createdAt'>,
    totalRefunded: number,
    status: PaymentStatus,
  ): Promise<void> {
    await m.createQueryBuilder().insert().into(PaymentRefundEntity).values(refund).orIgnore().execute();
    await m.getRepository(PaymentEntity).update(refund.paymentId, { amountRefunded: totalRefunded, status });
  }

  /** A new payment row (inside `m`'s transaction when given). */
  insert(fields: Partial<PaymentEntity>, m: EntityManager = this.payments.manager): Promise<PaymentEntity> {
    const repo = m.getRepository(PaymentEntity);
    return repo.save(repo.create(fields));
  }

  async update(id: number, fields: Parameters<Repository<PaymentEntity>['update']>[1]): Promise<void> {
    await this.payments.update(id, fields);
  }

  async save(m: EntityManager, payment: PaymentEntity): Promise<void> {
    await m.save(payment);
  }

  findByIdIn(m: EntityManager, id: number): Promise<PaymentEntity> {
    return m.findOneByOrFail(PaymentEntity, { id });
  }

  findIn(m: EntityManager, id: number): Promise<PaymentEntity | null> {
    return m.findOneBy(PaymentEntity, { id });
  }

  /** A pending payment that must no longer take money (see PaymentsService.supersede). */
  async markSuperseded(m: EntityManager, paymentId: number, reason: string): Promise<void> {
    await m.query(
      `UPDATE payments
          SET metadata = metadata || jsonb_build_object('supersededAt', now()::text, 'supersededReason', $2::text),
              status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
              updated_at = now()
        WHERE id = $1`,
      [paymentId, reason],
    );
  }

  /** The hosted checkout a pending payment goes through, and where to send the payer back to it. */
  async recordCheckout(
    m: EntityManager,
    paymentId: number,
    session: { id: string; url: string; expiresAt: number },
  ): Promise<void> {
    await m.query(
      `UPDATE payments SET stripe_checkout_session_id = $2,
              metadata = metadata || jsonb_build_object('checkoutUrl', $3::text, 'checkoutExpiresAt', $4::bigint),
              updated_at = now()
        WHERE id = $1`,
      [paymentId, session.id, session.url, session.expiresAt],
    );
  }

  /** The payment with this Stripe PaymentIntent or Checkout Session id, locked until `m` ends. */
  lockByStripeId(
    m: EntityManager,
    ref: { intentId: string } | { sessionId: string },
  ): Promise<PaymentEntity | null> {
    const where =
      'intentId' in ref
        ? { stripePaymentIntentId: ref.intentId }
        : { stripeCheckoutSessionId: ref.sessionId };
    return m.getRepository(PaymentEntity).findOne({ where, lock: { mode: 'pessimistic_write' } });
  }

  /** Records a webhook event; false when it was recorded before (a duplicate delivery). */
  async recordEvent(m: EntityManager, id: string, type: string): Promise<boolean> {
    const inserted = returnedRows(
      await m.query(
        `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [id, type],
      ),
    );
    return inserted.length > 0;
  }

  /** The payment an already recorded event settled, if any. */
  async eventPaymentId(m: EntityManager, id: string): Promise<number | null> {
    return (await m.findOneBy(StripeEventEntity, { id }))?.paymentId ?? null;
  }

  async linkEvent(m: EntityManager, id: string, paymentId: number): Promise<void> {
    await m.update(StripeEventEntity, { id }, { paymentId });
  }

  /**
   * Claims the right to queue a succeeded payment's mails: true for exactly one caller, and
   * only once per payment (until the claim is released).
   */
  async claimMails(paymentId: number, at: string): Promise<boolean> {
    const rows = returnedRows(
      await this.db.query(
        `UPDATE payments SET metadata = metadata || jsonb_build_object('mailsQueuedAt', $2::text)
          WHERE id = $1 AND status = 'succeeded' AND NOT (metadata ? 'mailsQueuedAt')
          RETURNING id`,
        [paymentId, at],
      ),
    );
    return rows.length > 0;
  }

  async releaseMailClaim(paymentId: number): Promise<void> {
    await this.db.query(`UPDATE payments SET metadata = metadata - 'mailsQueuedAt' WHERE id = $1`, [
      paymentId,
    ]);
  }

  /** Deposits and plan bookings that succeeded since `since` (by their last change), in pence. */
  async paidBookingsSince(since: Date): Promise<{ count: number; amountPence: number }> {
    const row = await this.payments
      .createQueryBuilder('p')
      .select('COUNT(*)::int', 'count')
      .addSelect('COALESCE(SUM(p.amount), 0)::int', 'amount')
      .where('p.status = :status', { status: 'succeeded' })
      .andWhere('p.kind IN (:...kinds)', { kinds: ['deposit', 'plan'] })
      .andWhere('p.updatedAt >= :since', { since })
      .getRawOne<{ count: number; amount: number }>();
    return { count: row?.count ?? 0, amountPence: row?.amount ?? 0 };
  }
}
