/**
 * What a feature holding personal data offers the data-requests screen: everything it holds
 * about one email address, and its erasure. Each feature implements this in its own
 * `*-personal-data.repository.ts`, on its own tables; data-requests only calls them.
 */
import type { EntityManager } from 'typeorm';

export interface ErasureCount {
  deleted: number;
  anonymised: number;
}

export interface Erasure extends ErasureCount {
  /** Storage keys of files whose rows this erasure deleted: removed once it is committed. */
  files?: string[];
}

export interface PersonalDataSource {
  /** The section name in the export, e.g. 'contactMessages'. */
  readonly section: string;
  exportFor(email: string): Promise<unknown[]>;
  /**
   * Deletes what may be deleted and anonymises what must be kept, through `tx`: every source
   * of one erasure runs in one transaction, so a failure leaves nothing half-erased.
   */
  eraseFor(email: string, tx: EntityManager): Promise<Erasure>;
}

/** What an anonymised address becomes: recognisably erased, never a real mailbox. */
export const ERASED_EMAIL = 'erased@erased.invalid';

/** UPDATE/DELETE through TypeORM's `query` answer `[rows, affectedCount]`. */
export const affected = (result: unknown): number =>
  Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
