// Prints a benchmark's result table. Lives in lib/ so `npm run bench` does not list it as a
// benchmark.

/**
 * Prints a blank line, then `rows` (the first one is the header) as aligned columns: the first
 * column left-aligned, the others right-aligned, a dashed rule under the header.
 */
export function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  console.log('');
  for (const [i, r] of rows.entries()) {
    console.log(
      r.map((c, j) => (j === 0 ? String(c).padEnd(widths[j]) : String(c).padStart(widths[j]))).join('  '),
    );
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
