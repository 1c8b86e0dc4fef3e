import type { Browser } from 'playwright-core';
import { LOCAL_DEFAULTS } from '../../platform/src/config/local-stack';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser';

const PUBLIC_SCREENS = [
  { name: 'landing', path: '/', ready: 'Join Now' },
  { name: 'about', path: '/about', ready: null },
  { name: 'sign-in', path: '/auth-Container', ready: 'Welcome Back' },
  { name: 'sign-up', path: '/auth-Container?tab=signup', ready: 'Create Account' },
  { name: 'share-experience', path: '/submit-interview-experience', ready: 'Share Your Interview Experience' },
  { name: 'post-job-public', path: '/post-job', ready: null },
  { name: 'verify-email-missing-token', path: '/verify-email', ready: 'Invalid verification link' },
] as const;

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
