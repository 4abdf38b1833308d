import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Statuses that mean the customer has booked (paid, or paying) with us. */
const BOOKED = ['succeeded', 'processing', 'partially_refunded'];

@Injectable()
export class PaymentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether `email` has a booking on record: referral codes are for new customers only. */
  async hasBooked(email: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM payments WHERE lower(customer_email) = $1 AND status = ANY($2) LIMIT 1`,
      [email.trim().toLowerCase(), BOOKED],
    );
    return rows.length > 0;
  }
}
