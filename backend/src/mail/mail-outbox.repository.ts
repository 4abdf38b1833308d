/** Every query on `mail_outbox`: mails parked while Redis was away, until the sweeper queues them. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MailOutboxEntity } from './entities/mail-outbox.entity';
import type { MailQueueData } from './mail.types';

/** What a sweep may do to the rows it locked, inside its transaction. */
export interface LockedOutbox {
  remove(row: MailOutboxEntity): Promise<void>;
  recordFailure(row: MailOutboxEntity, error: string): Promise<void>;
}

@Injectable()
export class MailOutboxRepository {
  constructor(@InjectRepository(MailOutboxEntity) private readonly outbox: Repository<MailOutboxEntity>) {}

  /** Parks the job; a job already parked under this id stays as it is. */
  async park(jobId: string, payload: MailQueueData, error: string): Promise<void> {
    await this.outbox.query(
      'INSERT INTO mail_outbox (job_id, payload, last_error) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO NOTHING',
      [jobId, JSON.stringify(payload), error],
    );
  }

  /** The parked ones among these job ids. */
  parked(jobIds: string[]): Promise<MailOutboxEntity[]> {
    return this.outbox.find({ where: jobIds.map((jobId) => ({ jobId })) });
  }

  /**
   * Locks up to `limit` parked rows, oldest first, skipping rows another process holds (SKIP
   * LOCKED), and hands them to `fn` inside the same transaction.
   */
  lockBatch<T>(
    limit: number,
    fn: (rows: MailOutboxEntity[], locked: LockedOutbox) => Promise<T>,
  ): Promise<T> {
    return this.outbox.manager.transaction(async (em) => {
      const rows = await em
        .getRepository(MailOutboxEntity)
        .createQueryBuilder('o')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .orderBy('o.id')
        .limit(limit)
        .getMany();
      return fn(rows, {
        remove: async (row) => {
          await em.delete(MailOutboxEntity, row.id);
        },
        recordFailure: async (row, error) => {
          await em.update(MailOutboxEntity, row.id, { attempts: row.attempts + 1, lastError: error });
        },
      });
    });
  }
}
