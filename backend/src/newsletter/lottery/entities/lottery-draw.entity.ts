import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('lottery_draws')
export class LotteryDrawEntity {
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

  /** 'schedule', or the admin who clicked "draw now". */
  @Column({ name: 'drawn_by', type: 'varchar', length: 100, default: 'schedule' })
  drawnBy: string;

  @Column({ name: 'resent_at', type: 'timestamptz', nullable: true })
  resentAt: Date | null;

  @Column({ name: 'resend_count', type: 'int', default: 0 })
  resendCount: number;

  /** When the winner and admin mails were queued; null means they still have to be. */
  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;
}
