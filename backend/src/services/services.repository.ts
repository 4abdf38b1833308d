/** Every query on `production_services`. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { ProductionServiceEntity } from './entities/production-service.entity';

const PG_INT_MAX = 2_147_483_647;

export type ServiceSort = 'sortOrder' | 'name' | 'price' | 'updatedAt';
export type ServiceFields = Omit<ProductionServiceEntity, 'id' | 'createdAt' | 'updatedAt'>;

export interface ServiceListFilter {
  search?: string;
  active?: boolean;
  sort: ServiceSort;
  order: SortOrder;
}

@Injectable()
export class ServicesRepository {
  constructor(
    @InjectRepository(ProductionServiceEntity) private readonly rows: Repository<ProductionServiceEntity>,
  ) {}

  listActive(): Promise<ProductionServiceEntity[]> {
    return this.rows.find({
      where: { isActive: true },
      order: { sortOrder: 'ASC', price: 'ASC', id: 'ASC' },
    });
  }

  findById(id: number): Promise<ProductionServiceEntity | null> {
    // An id Postgres cannot hold would be a 500 from the driver; it simply names no service.
    if (!Number.isInteger(id) || id < 1 || id > PG_INT_MAX) return Promise.resolve(null);
    return this.rows.findOneBy({ id });
  }

  async findActiveById(id: number): Promise<ProductionServiceEntity | null> {
    const row = await this.findById(id);
    return row?.isActive ? row : null;
  }

  findActiveByName(name: string): Promise<ProductionServiceEntity | null> {
    return this.rows.findOneBy({ name, isActive: true });
  }

  findByNameInsensitive(name: string): Promise<ProductionServiceEntity | null> {
    return this.rows.createQueryBuilder('s').where('lower(s.name) = lower(:name)', { name }).getOne();
  }

  async list(filter: ServiceListFilter, page: Page): Promise<[ProductionServiceEntity[], number]> {
    const qb = this.rows.createQueryBuilder('s');
    if (filter.search)
      qb.andWhere('(s.name ILIKE :q OR s.description ILIKE :q)', { q: likePattern(filter.search) });
    if (filter.active !== undefined) qb.andWhere('s.isActive = :active', { active: filter.active });
    const dir = filter.order === 'desc' ? 'DESC' : 'ASC';
    return qb
      .orderBy(`s.${filter.sort}`, dir)
      .addOrderBy('s.id', 'ASC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
  }

  insert(fields: ServiceFields): Promise<ProductionServiceEntity> {
    return this.rows.save(this.rows.create(fields));
  }

  async update(id: number, fields: ServiceFields): Promise<ProductionServiceEntity> {
    await this.rows.update(id, fields);
    return this.rows.findOneByOrFail({ id });
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.rows.delete(id);
    return (result.affected ?? 0) > 0;
  }
}
