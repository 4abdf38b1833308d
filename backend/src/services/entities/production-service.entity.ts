import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A bookable service from the catalogue, the one source of prices; `price` is integer pence.
 * A payment copies the amount it charges, so editing a price never changes a payment made.
 */
@Entity('production_services')
export class ProductionServiceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ length: 100, unique: true })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'integer' })
  price: number;

  /** The spec's `type`; the checkout page reads the same value as `serviceType`. */
  @Column({ length: 50 })
  type: string;

  @Column({ name: 'is_active', default: true })
  isActive: boolean;

  @Column({ type: 'varchar', length: 50, default: '' })
  revisions: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  badge: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  features: string[];

  /** The "was" price in pence, above `price` when set. */
  @Column({ name: 'compare_at_price', type: 'integer', nullable: true })
  compareAtPrice: number | null;

  @Column({ name: 'is_bulk_deal', default: false })
  isBulkDeal: boolean;

  @Column({ name: 'on_home', default: false })
  onHome: boolean;

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
