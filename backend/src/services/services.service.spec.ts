import { ProductionServiceEntity } from './entities/production-service.entity';
import { toServiceDetail, toServiceListItem } from './services.service';

const service = (price: number): ProductionServiceEntity =>
  Object.assign(new ProductionServiceEntity(), {
    id: 7,
    name: 'Odd',
    description: 'An oddly priced service.',
    price,
    type: 'mixing',
    isActive: true,
    revisions: '2 revisions',
    badge: null,
    features: ['One'],
    compareAtPrice: null,
    isBulkDeal: false,
    onHome: true,
    sortOrder: 5,
  });

describe('service payloads', () => {
  it('gives the deposit in pounds from the rounded-down half of the price in pence', () => {
    expect(toServiceDetail(service(6000)).depositAmount).toBe(30);
    expect(toServiceDetail(service(4999)).depositAmount).toBe(24.99);
    expect(toServiceDetail(service(1)).depositAmount).toBe(0);
  });

  it('exposes the type under both names the pages read', () => {
    expect(toServiceListItem(service(6000))).toEqual({
      id: 7,
      name: 'Odd',
      price: 6000,
      description: 'An oddly priced service.',
      serviceType: 'mixing',
      type: 'mixing',
      revisions: '2 revisions',
      badge: null,
      features: ['One'],
      compareAtPrice: null,
      isBulkDeal: false,
      onHome: true,
      sortOrder: 5,
    });
  });
});
