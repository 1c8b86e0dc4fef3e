import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { repoRoot } from './processes';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features playwright-core 1.65 disables (its `chromiumSwitches.ts`, not exported). Chromium reads only
 * the last `--disable-features` switch, so a second one would drop these: Playwright's switch is removed
 * (`ignoreDefaultArgs`, exact match) and one switch with these and ours is passed instead.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 151+ renders its WebUI omnibox popup ahead for every new window, headless too: every fresh
 * context got a 'top-chrome-webui' renderer that kept about 1.4 s of CPU busy during a page load on this
 * 2-core machine (bench/frontend.ts, issue 14). No page has an omnibox to show; what the pages see is
 * unchanged. A cost of the measuring browser, not of the portal.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const PLAYWRIGHT_DISABLE_SWITCH = `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`;

export async function launchBrowser(options: Pick<LaunchOptions, 'handleSIGINT' | 'handleSIGTERM'> = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreDefaultArgs: [PLAYWRIGHT_DISABLE_SWITCH],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
    ],
    ...options,
  });
  assertOneDisableFeaturesSwitch(browser);
  return browser;
}

/**
 * After a playwright-core upgrade that changes its list, its switch is no longer removed and ours, the
 * last, silently drops what it added: the browser's command line (its parent is this process) says so.
 */
function assertOneDisableFeaturesSwitch(browser: Browser): void {
  const commandLines = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n');
  const launched = commandLines.filter((line) => line.includes('--remote-debugging-pipe'));
  if (launched.some((line) => line.split(' --disable-features=').length > 2)) {
    void browser.close();
    throw new Error(`playwright-core's own --disable-features changed: update PLAYWRIGHT_DISABLED_FEATURES in tests/support/browser.ts (run with DEBUG=pw:browser to see it)`);
  }
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export const SCREENSHOT_DIR = join(repoRoot, 'docs', 'screenshots');

/**
 * Saves `docs/screenshots/<name>-<viewport>.png` (full page). With `maxHeight`, the page is
 * photographed through a viewport as tall as its content, at most `maxHeight` (a list of every record
 * the shared stack holds is cut to its top), and not by Chromium's full-page capture: that one shrinks
 * the window to 1 px for a moment, which crosses every width media query, and the admin panel, desktop
 * only, then unmounts the screen being photographed.
 */
export async function screenshot(page: Page, name: string, viewport: keyof typeof VIEWPORTS, { maxHeight }: { maxHeight?: number } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  if (maxHeight === undefined) {
    await page.screenshot({ path, fullPage: true });
    return;
  }
  const size = page.viewportSize() ?? VIEWPORTS[viewport];
  const contentHeight = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.min(contentHeight, maxHeight)) });
  try {
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(size);
  }
}
