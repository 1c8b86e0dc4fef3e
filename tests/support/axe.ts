import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: unknown[];
}

/** axe-core's violations of 'serious' or 'critical' impact on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, not added as an inline <script>: the portal's
  // Content-Security-Policy refuses inline scripts, and a page's own policy does not bind its debugger.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${String(v.nodes)} nodes)`);
}
