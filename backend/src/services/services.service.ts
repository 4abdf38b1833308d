/**
 * The catalogue of bookable services, the one source of prices: the site's pricing cards, the
 * booking page, contact's deposit step and every charge read these rows. Only active services
 * can be listed, shown or paid for. A payment stores the amount it charged, so a price edit
 * applies to the next charge and never to one already created.
 */
import { Injectable } from '@nestjs/common';
import {
  depositPence,
  formatPenceExact,
  penceToPounds,
  SERVICE_MESSAGES,
  type AdminService,
  type ServiceListItem,
  type ServiceDto,
} from '@studio/shared';
import { badRequest, conflict, notFound } from '../common/errors/app.exception';
import { orderOf, pageOf } from '../common/admin-list.query';
import type { SaveServiceDto, ServiceListQuery } from './dto/save-service.dto';
import { AuditService } from '../audit/audit.service';
import { ProductionServiceEntity } from './entities/production-service.entity';
import { ServiceFields, ServicesRepository } from './services.repository';

export type { ServiceListItem };

@Injectable()
export class ServicesService {
  constructor(
    private readonly repo: ServicesRepository,
    private readonly audit: AuditService,
  ) {}

  listActive(): Promise<ProductionServiceEntity[]> {
    return this.repo.listActive();
  }

  findActiveById(id: number): Promise<ProductionServiceEntity | null> {
    return this.repo.findActiveById(id);
  }

  /** Plans are booked by their exact catalogue name (spec §2, /services-checkout). */
  findActiveByName(name: string): Promise<ProductionServiceEntity | null> {
    return this.repo.findActiveByName(name);
  }

  async getActive(id: number): Promise<ProductionServiceEntity> {
    const service = await this.findActiveById(id);
    if (!service) throw notFound('Service not found.', 'SERVICE_NOT_FOUND');
    return service;
  }

  // ------------------------------------------------------------------ back office

  async adminList(q: ServiceListQuery): Promise<{ items: AdminService[]; total: number }> {
    const [rows, total] = await this.repo.list(
      { ...orderOf(q, 'sortOrder', 'asc'), active: q.active },
      pageOf(q),
    );
    return { items: rows.map(toAdminService), total };
  }

  async adminGet(id: number): Promise<AdminService> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('Service not found.', 'SERVICE_NOT_FOUND');
    return toAdminService(row);
  }

  async create(dto: SaveServiceDto): Promise<AdminService> {
    const fields = fieldsOf(dto);
    await this.ensureNameFree(fields.name, null);
    const created = toAdminService(await this.repo.insert(fields));
    await this.audit.record({
      action: 'service.create',
      targetType: 'service',
      targetId: created.id,
      summary: `Added service “${created.name}” at ${formatPenceExact(created.price)}`,
      after: { name: created.name, price: created.price, isActive: created.isActive },
    });
    return created;
  }

  async update(id: number, dto: SaveServiceDto): Promise<AdminService> {
    const existing = await this.repo.findById(id);
    if (!existing) throw notFound('Service not found.', 'SERVICE_NOT_FOUND');
    const before = toAdminService(existing);
    const fields = fieldsOf(dto);
    await this.ensureNameFree(fields.name, id);
    const after = toAdminService(await this.repo.update(id, fields));
    // A price change is the entry an owner looks for; other edits are recorded as updates.
    const priceChanged = before.price !== after.price || before.compareAtPrice !== after.compareAtPrice;
    await this.audit.record({
      action: priceChanged ? 'service.price' : 'service.update',
      targetType: 'service',
      targetId: id,
      summary: priceChanged
        ? `Changed the price of “${after.name}” from ${formatPenceExact(before.price)} to ${formatPenceExact(after.price)}`
        : `Edited service “${after.name}”`,
      before: {
        name: before.name,
        price: before.price,
        compareAtPrice: before.compareAtPrice,
        isActive: before.isActive,
      },
      after: {
        name: after.name,
        price: after.price,
        compareAtPrice: after.compareAtPrice,
        isActive: after.isActive,
      },
    });
    return after;
  }

  /**
   * Removes a service from the catalogue. Payments keep their amount and the service's name
   * (in their metadata), so the ledger still reads; to stop selling it but keep it listed,
   * set it inactive instead.
   */
  async remove(id: number): Promise<void> {
    const existing = await this.repo.findById(id);
    if (!existing || !(await this.repo.delete(id))) throw notFound('Service not found.', 'SERVICE_NOT_FOUND');
    await this.audit.record({
      action: 'service.delete',
      targetType: 'service',
      targetId: id,
      summary: `Removed service “${existing.name}”`,
      before: { name: existing.name, price: existing.price },
    });
  }

  private async ensureNameFree(name: string, exceptId: number | null): Promise<void> {
    // Plans are booked by name, so two rows differing only in case would be ambiguous.
    const other = await this.repo.findByNameInsensitive(name);
    if (other && other.id !== exceptId) throw conflict(SERVICE_MESSAGES.duplicateName, 'SERVICE_NAME_TAKEN');
  }
}

function fieldsOf(dto: SaveServiceDto): ServiceFields {
  const compareAtPrice = dto.compareAtPrice ?? null;
  if (compareAtPrice !== null && compareAtPrice <= dto.price) {
    throw badRequest(SERVICE_MESSAGES.compareAtPrice, 'VALIDATION_FAILED', [
      { field: 'compareAtPrice', message: SERVICE_MESSAGES.compareAtPrice },
    ]);
  }
  return {
    name: dto.name,
    description: dto.description,
    price: dto.price,
    type: dto.type,
    revisions: dto.revisions ?? '',
    badge: dto.badge || null,
    features: dto.features ?? [],
    compareAtPrice,
    isBulkDeal: dto.isBulkDeal ?? false,
    onHome: dto.onHome ?? false,
    isActive: dto.isActive ?? true,
    sortOrder: dto.sortOrder ?? 0,
  };
}

export function toServiceListItem(s: ProductionServiceEntity): ServiceListItem {
  return {
    id: s.id,
    name: s.name,
    price: s.price,
    description: s.description,
    serviceType: s.type,
    type: s.type,
    revisions: s.revisions,
    badge: s.badge,
    features: s.features,
    compareAtPrice: s.compareAtPrice,
    isBulkDeal: s.isBulkDeal,
    onHome: s.onHome,
    sortOrder: s.sortOrder,
  };
}

export function toAdminService(s: ProductionServiceEntity): AdminService {
  return {
    ...toServiceListItem(s),
    isActive: s.isActive,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** What /checkout shows: the deposit in pounds, computed from the rounded-down deposit in pence. */
export function toServiceDetail(s: ProductionServiceEntity): ServiceDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    serviceType: s.type,
    price: s.price,
    depositAmount: penceToPounds(depositPence(s.price)),
  };
}
