/** Queries on `payments` and `payment_refunds` (the referral rules' and the back office's). */
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { MonthTotal, PaymentStatusValue, SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { LONDON_TZ } from '../common/london-month';
import { PaymentRefundEntity } from './entities/payment-refund.entity';
import { Payment, PaymentKind, PaymentStatus } from './entities/payment.entity';

export interface PaymentFilter {
  search?: string;
  status?: PaymentStatusValue;
  kind?: PaymentKind;
  /** 'YYYY-MM', London time. */
  month?: string;
  sort: 'createdAt' | 'amount' | 'status';
  order: SortOrder;
}

/** Statuses that mean the customer has booked (paid, or paying) with us. */
const BOOKED = ['succeeded', 'processing', 'partially_refunded'];

@Injectable()
export class PaymentsRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Payment) private readonly payments: Repository<Payment>,
  ) {}

  /** Whether `email` has a booking on record: referral codes are for new customers only. */
  async hasBooked(email: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM payments WHERE lower(customer_email) = $1 AND status = ANY($2) LIMIT 1`,
      [email.trim().toLowerCase(), BOOKED],
    );
    return rows.length > 0;
  }

  private filtered(filter: Omit<PaymentFilter, 'sort' | 'order'>): SelectQueryBuilder<Payment> {
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

  list(filter: PaymentFilter, page: Page): Promise<[Payment[], number]> {
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
  ): Promise<Payment[]> {
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

  findById(id: number): Promise<Payment | null> {
    return this.payments.findOneBy({ id });
  }

  /** The payment, locked until the transaction of `m` ends (refunds apply one at a time). */
  lockById(m: EntityManager, id: number): Promise<Payment | null> {
    return m.getRepository(Payment).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async recordRefund(
    m: EntityManager,
    refund: Omit<PaymentRefundEntity, 'id' | 'createdAt'>,
    totalRefunded: number,
    status: PaymentStatus,
  ): Promise<void> {
    await m.createQueryBuilder().insert().into(PaymentRefundEntity).values(refund).orIgnore().execute();
    await m.getRepository(Payment).update(refund.paymentId, { amountRefunded: totalRefunded, status });
  }
}
