import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('lottery_draws')
export class LotteryDraw {
  @PrimaryGeneratedColumn()
  id: number;

  /** 'YYYY-MM', unique: the month is drawn once, however often the job runs. */
  @Column({ type: 'varchar', length: 7, unique: true })
  month: string;

  @Column({ name: 'winner_subscriber_id', type: 'int', nullable: true })
  winnerSubscriberId: number | null;

  @Column({ name: 'winner_email', type: 'varchar', length: 255, nullable: true })
  winnerEmail: string | null;

  /** Active subscribers in the draw. */
  @Column({ type: 'int' })
  entrants: number;

  @Column({ name: 'drawn_at', type: 'timestamptz' })
  drawnAt: Date;

  /** When the winner and admin mails were queued; null means they still have to be. */
  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;
}
