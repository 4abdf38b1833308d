import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { depositPence, penceToPounds, type ServiceDto, type ServiceListItem } from '@studio/shared';
import { notFound } from '../common/errors/app.exception';
import { ProductionService } from './entities/production-service.entity';

const PG_INT_MAX = 2_147_483_647;

export type { ServiceListItem };

/** The catalogue of bookable services. Only active services can be listed, shown or paid for. */
@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(ProductionService) private readonly services: Repository<ProductionService>,
  ) {}

  listActive(): Promise<ProductionService[]> {
    return this.services.find({ where: { isActive: true }, order: { price: 'ASC', id: 'ASC' } });
  }

  findActiveById(id: number): Promise<ProductionService | null> {
    // An id Postgres cannot hold would be a 500 from the driver; it simply names no service.
    if (!Number.isInteger(id) || id < 1 || id > PG_INT_MAX) return Promise.resolve(null);
    return this.services.findOneBy({ id, isActive: true });
  }

  /** Plans are booked by their exact catalogue name (spec §2, /services-checkout). */
  findActiveByName(name: string): Promise<ProductionService | null> {
    return this.services.findOneBy({ name, isActive: true });
  }

  async getActive(id: number): Promise<ProductionService> {
    const service = await this.findActiveById(id);
    if (!service) throw notFound('Service not found.', 'SERVICE_NOT_FOUND');
    return service;
  }
}

export function toServiceListItem(s: ProductionService): ServiceListItem {
  return {
    id: s.id,
    name: s.name,
    price: s.price,
    description: s.description,
    serviceType: s.type,
    type: s.type,
  };
}

/** What /checkout shows: the deposit in pounds, computed from the rounded-down deposit in pence. */
export function toServiceDetail(s: ProductionService): ServiceDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    serviceType: s.type,
    price: s.price,
    depositAmount: penceToPounds(depositPence(s.price)),
  };
}
