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
  await animationsFinished(page);
  // Evaluated through the debugging protocol, not added as an inline <script>: the portal's
  // Content-Security-Policy refuses inline scripts, and a page's own policy does not bind its debugger.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${String(v.nodes)} nodes)`);
}

/**
 * Waits for the page's running CSS transitions and animations (a dialog fading in, a toast sliding):
 * text caught half-transparent would be measured against its background at a contrast it never keeps.
 */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    type Animation = { finished: Promise<unknown>; effect: { getComputedTiming: () => { endTime: number | string } } | null };
    const document = (globalThis as unknown as { document: { getAnimations: () => Animation[] } }).document;
    // An infinite animation (a spinner) never finishes: only the ones with an end are waited for.
    const ending = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
