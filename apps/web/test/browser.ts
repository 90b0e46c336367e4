import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Repository root (this file lives in apps/web/test). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-output', 'screenshots');

/** Chromium from the machine (Debian's by default); override with CHROMIUM_PATH. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Screenshot to test-output/screenshots/<name>.png (the full page unless `fullPage: false`, which
 * shows fixed layers such as an open dialog as the user sees them); returns the file path.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-zA-Z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Gets a page that shows the beta code screen into the app with a code, and waits for the app's header. */
export async function passBetaGate(page: Page, code: string): Promise<void> {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByRole('banner').waitFor();
}
