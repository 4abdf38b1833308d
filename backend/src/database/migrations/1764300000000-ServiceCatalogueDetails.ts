import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue carries everything a pricing card shows, so no front end compiles a price or a
 * feature list in: revisions, badge, features, a "was" price, the bulk flag, whether the home
 * page shows it, and its order. The launch rows get the values below, frozen here.
 */
const LAUNCH_DETAILS = [
  {
    name: 'Mix',
    revisions: '2 revisions',
    badge: null,
    compareAt: null,
    bulk: false,
    home: true,
    order: 10,
    features: ['Up to 40 stems', 'Vocal tuning and timing', 'Creative effects and automation', '2 revisions'],
  },
  {
    name: 'Mix & Master',
    revisions: '3 revisions',
    badge: 'POPULAR',
    compareAt: 10000,
    bulk: false,
    home: true,
    order: 20,
    features: [
      'Everything in Mix',
      'Streaming-ready master',
      'Loudness matched to your references',
      '3 revisions',
    ],
  },
  {
    name: 'Master',
    revisions: '1 revision',
    badge: null,
    compareAt: null,
    bulk: false,
    home: true,
    order: 30,
    features: ['Loudness for streaming platforms', 'Stereo enhancement', 'EQ and dynamics', '1 revision'],
  },
  {
    name: '5 Songs Mix & Master',
    revisions: '3 revisions per song',
    badge: 'BEST VALUE',
    compareAt: 40000,
    bulk: true,
    home: false,
    order: 40,
    features: [
      '5 songs mixed and mastered',
      'Consistent sound across the project',
      'Priority scheduling',
      '3 revisions per song',
    ],
  },
] as const;

export class ServiceCatalogueDetails1764300000000 implements MigrationInterface {
  name = 'ServiceCatalogueDetails1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE production_services
        ADD COLUMN revisions varchar(50) NOT NULL DEFAULT '',
        ADD COLUMN badge varchar(20),
        ADD COLUMN features jsonb NOT NULL DEFAULT '[]'::jsonb,
        ADD COLUMN compare_at_price integer,
        ADD COLUMN is_bulk_deal boolean NOT NULL DEFAULT false,
        ADD COLUMN on_home boolean NOT NULL DEFAULT false,
        ADD COLUMN sort_order integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT production_services_compare_at_check
          CHECK (compare_at_price IS NULL OR compare_at_price > price),
        ADD CONSTRAINT production_services_features_check CHECK (jsonb_typeof(features) = 'array')`);
    for (const d of LAUNCH_DETAILS) {
      await q.query(
        `UPDATE production_services
            SET revisions = $2, badge = $3, features = $4::jsonb, compare_at_price = $5,
                is_bulk_deal = $6, on_home = $7, sort_order = $8
          WHERE name = $1`,
        [d.name, d.revisions, d.badge, JSON.stringify(d.features), d.compareAt, d.bulk, d.home, d.order],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE production_services
        DROP CONSTRAINT production_services_features_check,
        DROP CONSTRAINT production_services_compare_at_check,
        DROP COLUMN sort_order,
        DROP COLUMN on_home,
        DROP COLUMN is_bulk_deal,
        DROP COLUMN compare_at_price,
        DROP COLUMN features,
        DROP COLUMN badge,
        DROP COLUMN revisions`);
  }
}
