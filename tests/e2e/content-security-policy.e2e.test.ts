/**
 * The portal's Content-Security-Policy in Debian's Chromium, through the running gateway: the screens
 * load and log no violation (PrimeReact's run-time <style> elements need style-src 'unsafe-inline';
 * no script is inline), and a script injected into the page is refused.
 */
import type { Browser, Page } from 'playwright-core';
import { LOCAL_DEFAULTS } from '../../platform/src/config/local-stack';
import { launchBrowser } from '../support/browser';

const PORTAL = LOCAL_DEFAULTS.PUBLIC_URL;

const SCREENS = [
  { path: '/', ready: 'Join Now' },
  { path: '/about', ready: 'Connecting students with the right opportunities' },
  { path: '/auth-Container', ready: 'Welcome Back' },
  { path: '/submit-interview-experience', ready: 'Share Your Interview Experience' },
  { path: '/post-job', ready: 'Post a Job' },
  // The API browser: its one inline script and style are allowed by their hashes.
  { path: '/api/docs', ready: '/api/auth/login' },
] as const;

// The tests are type-checked without the DOM library: the browser's document, by the shape used here.
interface BrowserElement {
  textContent: string | null;
  append: (child: BrowserElement) => void;
}
interface BrowserDocument {
  addEventListener: (type: string, listener: (event: unknown) => void) => void;
  createElement: (tag: string) => BrowserElement;
  body: BrowserElement;
}

/** What the page reported as a Content-Security-Policy violation, from the console and the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    // Runs in the page: nothing of this module is there, so the document is reached inline.
    (globalThis as unknown as { document: BrowserDocument }).document.addEventListener('securitypolicyviolation', (event) => {
      const violation = event as unknown as { violatedDirective: string; blockedURI: string };
      console.error(`Content Security Policy violation: ${violation.violatedDirective} ${violation.blockedURI}`);
    });
  });
  return violations;
}

describe("the portal's Content-Security-Policy in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each(SCREENS)('$path renders with no violation', async ({ path, ready }) => {
    const page = await browser.newPage();
    try {
      const violations = await watchViolations(page);
      const response = await page.goto(`${PORTAL}${path}`, { waitUntil: 'networkidle' });
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 15_000 });
      expect(violations).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('refuses a script injected into the page', async () => {
    const page = await browser.newPage();
    try {
      await watchViolations(page);
      await page.goto(`${PORTAL}/`, { waitUntil: 'networkidle' });
      const reported = page.waitForEvent('console', { predicate: (message) => /Content Security Policy/i.test(message.text()) });
      await page.evaluate(() => {
        const document = (globalThis as unknown as { document: BrowserDocument }).document;
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
      });
      expect((await reported).text()).toMatch(/script-src/);
      expect(await page.evaluate(() => (globalThis as unknown as { injected?: boolean }).injected)).toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
