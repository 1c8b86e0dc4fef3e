import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { LOCAL_DEFAULTS } from '../../platform/src/config/local-stack';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const PUBLIC_SCREENS = [
  { name: 'landing', path: '/', ready: 'Join Now' },
  { name: 'about', path: '/about', ready: null },
  { name: 'sign-in', path: '/auth-Container', ready: 'Welcome Back' },
  { name: 'sign-up', path: '/auth-Container?tab=signup', ready: 'Create Account' },
  { name: 'share-experience', path: '/submit-interview-experience', ready: 'Share Your Interview Experience' },
  { name: 'post-job-public', path: '/post-job', ready: null },
  { name: 'verify-email-missing-token', path: '/verify-email', ready: 'Invalid verification link' },
] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: unknown[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${String(v.nodes)} nodes)`);
}

describe('public screens in Chromium, through the gateway', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [viewport, size] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]][]) {
    it.each(PUBLIC_SCREENS)(`$name at ${viewport} width renders, has no serious accessibility problem, and is photographed`, async ({ name, path, ready }) => {
      const page = await browser.newPage({ viewport: size });
      try {
        await page.goto(`${LOCAL_DEFAULTS.PUBLIC_URL}${path}`, { waitUntil: 'networkidle' });
        if (ready) await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 15_000 });
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, name, viewport);
      } finally {
        await page.close();
      }
    });
  }
});
