import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The single row (id = 1) of account-security settings an admin can change. */
@Entity('security_settings')
export class SecuritySettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ name: 'require_two_factor', type: 'boolean', default: false })
  requireTwoFactor: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
