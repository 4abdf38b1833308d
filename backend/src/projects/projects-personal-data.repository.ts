import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ERASED_EMAIL, Erasure, PersonalDataSource } from '../common/personal-data';

/**
 * Client projects of an address, with their file names. A project belongs to a payment that
 * accounting keeps, so erasure anonymises it (address and name), deletes the address's portal
 * sign-in links and its files' rows, and hands back the files' storage keys: the caller removes
 * the files themselves once the erasure is committed.
 */
@Injectable()
export class ProjectsPersonalDataRepository implements PersonalDataSource {
  readonly section = 'projects';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT p.id, p.customer_email AS "customerEmail", p.customer_name AS "customerName",
              p.service_name AS "serviceName", p.quoted_pence AS "quotedPence", p.deposit_pence AS "depositPence",
              p.status, p.created_at AS "createdAt",
              COALESCE((SELECT json_agg(json_build_object('name', f.name, 'size', f.size, 'createdAt', f.created_at))
                        FROM project_files f WHERE f.project_id = p.id), '[]'::json) AS files
       FROM projects p WHERE p.customer_email = lower($1) ORDER BY p.created_at`,
      [email],
    );
  }

  async eraseFor(email: string, tx: EntityManager): Promise<Erasure> {
    const tokens = affected(
      await tx.query(`DELETE FROM portal_tokens WHERE lower(email) = lower($1)`, [email]),
    );
    const [files]: [{ id: string }[], number] = await tx.query(
      `DELETE FROM project_files f USING projects p
       WHERE f.project_id = p.id AND p.customer_email = lower($1)
       RETURNING f.id`,
      [email],
    );
    const anonymised = affected(
      await tx.query(
        `UPDATE projects SET customer_email = $2, customer_name = NULL, updated_at = now() WHERE customer_email = lower($1)`,
        [email, ERASED_EMAIL],
      ),
    );
    return { deleted: tokens + files.length, anonymised, files: files.map((f) => f.id) };
  }
}
