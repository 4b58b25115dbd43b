// Renders assets/icon.svg to build/icon.png (1024x1024, transparent), the source electron-builder
// derives every platform's icon from. Needs a Chromium: CHROMIUM_PATH, or /usr/bin/chromium.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const SIZE = 1024;
const source = fileURLToPath(new URL('../assets/icon.svg', import.meta.url));
const target = fileURLToPath(new URL('../build/icon.png', import.meta.url));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  const svg = readFileSync(source, 'utf8');
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  mkdirSync(fileURLToPath(new URL('../build/', import.meta.url)), { recursive: true });
  await page.locator('svg').screenshot({ path: target, omitBackground: true });
  console.log(`Wrote ${target}`);
} finally {
  await browser.close();
}
