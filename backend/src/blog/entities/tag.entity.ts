import { Entity } from 'typeorm';
import { TaxonomyTermEntity } from './taxonomy-term.entity';

@Entity('tags')
export class TagEntity extends TaxonomyTermEntity {}
