/* global window, document */
// axe-core in the browser tests: the engine is read from the npm package and run inside the page
// (page.evaluate goes through the DevTools protocol, so the site's CSP does not block it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.x A and AA plus axe's best practices: what the issue measures. */
const RUN_ONLY = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The serious and critical violations on the page as it is now, one line each: the rule, its
 * help and the first few elements (an empty array is a pass).
 */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (runOnly) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: runOnly } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, RUN_ONLY);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}, ${v.targets.length}): ${v.help} — ${v.targets.slice(0, 4).join(' | ')}`,
    );
}
