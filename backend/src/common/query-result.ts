/**
 * How raw `query()` results are read in repositories. node-postgres through TypeORM answers
 * `INSERT … RETURNING` and `SELECT` with the rows, but `UPDATE`/`DELETE … RETURNING` with
 * `[rows, affectedCount]`; `returnedRows` reads either the same way, so no repository has to
 * remember which statement gives which.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
