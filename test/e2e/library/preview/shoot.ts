// Dev tool: build the preview and screenshot the library screens in both themes.
// node test/e2e/library/preview/shoot.ts [outDir]
import { chromium } from 'playwright-core';
import { buildPreview } from './buildPreview.ts';
import { serveFolder } from './staticServer.ts';

const out = process.argv[2] ?? 'test-artifacts/preview';
const dist = `${process.cwd()}/test-artifacts/preview-dist`;
if (!process.env.SKIP_BUILD) await buildPreview(dist);
const server = await serveFolder(dist);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
    page.on('console', (message) => message.type() === 'error' && console.log('console:', message.text()));
    page.on('pageerror', (error) => console.log('pageerror:', error.message));
    await page.goto(`${server.url}?items=${process.env.ITEMS ?? 100000}${process.env.OFFLINE ? '&offline=1' : ''}`);
    await page.waitForSelector('html[data-app-ready="true"]');
    for (const screen of (process.env.SCREENS ?? 'gallery,voices,credits,queue,settings').split(',')) {
      await page.click(`[data-nav="${screen}"]`);
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/${screen}-${scheme}.png` });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
