import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a receipt needs from the studio beyond its name: the postal address printed under the
 * name, and the VAT registration number (with it, receipts show the VAT included in the price).
 * Both optional: null prints no address and no VAT line.
 */
export class StudioAddressAndVat1765100000000 implements MigrationInterface {
  name = 'StudioAddressAndVat1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE settings
        ADD COLUMN studio_address varchar(500),
        ADD COLUMN vat_number varchar(30)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE settings DROP COLUMN studio_address, DROP COLUMN vat_number`);
  }
}
