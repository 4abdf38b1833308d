import { Readable } from 'node:stream';
import { csvRow } from '@studio/shared';
import type { FastifyReply } from 'fastify';

/**
 * A CSV export read in keyset batches (newest id first) and written as it is read, so an export
 * of any size holds one batch in memory.
 */
export function csvStream<T extends { id: number }>(
  header: readonly string[],
  batch: (beforeId: number | null, size: number) => Promise<T[]>,
  line: (row: T) => readonly unknown[],
  size = 500,
): Readable {
  async function* rows(): AsyncGenerator<string> {
    yield csvRow(header);
    let beforeId: number | null = null;
    for (;;) {
      const rows = await batch(beforeId, size);
      if (!rows.length) return;
      yield rows.map((r) => csvRow(line(r))).join('');
      beforeId = rows[rows.length - 1].id;
      if (rows.length < size) return;
    }
  }
  return Readable.from(rows());
}

/** Answers with a CSV export as a download named `<name>-YYYY-MM-DD.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, body: Readable): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}
