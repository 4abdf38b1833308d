import { Column, Entity } from 'typeorm';
import { TaxonomyTermEntity } from './taxonomy-term.entity';

@Entity('categories')
export class CategoryEntity extends TaxonomyTermEntity {
  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;
}
