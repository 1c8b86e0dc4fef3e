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
