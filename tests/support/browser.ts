import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { repoRoot } from './processes';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(options: Pick<LaunchOptions, 'handleSIGINT' | 'handleSIGTERM'> = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...options,
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export const SCREENSHOT_DIR = join(repoRoot, 'docs', 'screenshots');

/**
 * Saves `docs/screenshots/<name>-<viewport>.png` (full page). `maxHeight` cuts a very long page (a
 * list of every record the shared stack holds) to its top.
 */
export async function screenshot(page: Page, name: string, viewport: keyof typeof VIEWPORTS, { maxHeight }: { maxHeight?: number } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  if (maxHeight === undefined) {
    await page.screenshot({ path, fullPage: true });
    return;
  }
  const { width, height } = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; scrollHeight: number } } }).document.documentElement;
    return { width: root.scrollWidth, height: root.scrollHeight };
  });
  await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, maxHeight) } });
}
