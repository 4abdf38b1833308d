/** Every query on `lottery_draws`; the entrants come from the subscribers repository. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { returnedRows } from '../../common/query-result';
import { LotteryDrawEntity } from './entities/lottery-draw.entity';

export interface NewDraw {
  month: string;
  winner: { id: number; email: string } | undefined;
  entrants: number;
  drawnBy: string;
}

@Injectable()
export class LotteryRepository {
  constructor(@InjectRepository(LotteryDrawEntity) private readonly draws: Repository<LotteryDrawEntity>) {}

  /** Runs `fn` in one REPEATABLE READ transaction: a consistent snapshot of the list. */
  inSnapshot<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.draws.manager.transaction('REPEATABLE READ', fn);
  }

  drawn(em: EntityManager, month: string): Promise<boolean> {
    return em.existsBy(LotteryDrawEntity, { month });
  }

  /** The new draw's id, or null when the month was drawn meanwhile. */
  async insert(em: EntityManager, d: NewDraw): Promise<number | null> {
    const rows = returnedRows<{ id: number }>(
      await em.query(
        `INSERT INTO lottery_draws (month, winner_subscriber_id, winner_email, entrants, drawn_by)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (month) DO NOTHING RETURNING id`,
        [d.month, d.winner?.id ?? null, d.winner?.email ?? null, d.entrants, d.drawnBy],
      ),
    );
    return rows[0]?.id ?? null;
  }

  byMonth(month: string): Promise<LotteryDrawEntity> {
    return this.draws.findOneByOrFail({ month });
  }

  byId(id: number): Promise<LotteryDrawEntity | null> {
    return this.draws.findOneBy({ id });
  }

  /** Newest first. */
  list(): Promise<LotteryDrawEntity[]> {
    return this.draws.find({ order: { month: 'DESC' } });
  }

  async markResent(id: number, resendCount: number): Promise<void> {
    await this.draws.update({ id }, { resentAt: new Date(), resendCount });
  }

  async markNotified(id: number): Promise<void> {
    await this.draws.update({ id }, { notifiedAt: new Date() });
  }
}
