import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Where the harness goes inside the browser host's renderer folder (it is served from there). */
export const HARNESS_PATH = '/scene-export-harness/index.html';

/** Builds the scene export harness page into `<rendererDir>/scene-export-harness`. */
export async function buildSceneExportHarness(rendererDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: './',
    publicDir: false,
    build: { outDir: `${rendererDir}/scene-export-harness`, emptyOutDir: true, target: 'chrome140', reportCompressedSize: false },
  });
}
