import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MediaRenderer } from './media/mediaRenderer.ts';
import { createPlaceholderRenderer } from './media/placeholderRenderer.ts';

const REAL = new URL('./media/realRenderer.ts', import.meta.url);

type RealModule = { createRealRenderer?: unknown };
type GlobMeta = ImportMeta & { glob: (pattern: string) => Record<string, () => Promise<unknown>> };

/**
 * How to import the real renderer. Bundled by Vite (the desktop app's dist/sandbox/cli.js),
 * `import.meta.glob` is rewritten at build time into a lazy import of the file when it exists (an
 * empty object otherwise). Run directly by Node, there is no glob, so the file is imported by URL.
 */
function realModuleLoader(): (() => Promise<unknown>) | null {
  try {
    const bundled = (import.meta as GlobMeta).glob('./media/realRenderer.ts');
    return Object.values(bundled)[0] ?? null;
  } catch {
    return existsSync(fileURLToPath(REAL)) ? () => import(REAL.href) : null;
  }
}

/**
 * Chooses the renderer (dependency injection into the sandbox): the real one when
 * media/realRenderer.ts exports createRealRenderer() (that file name is the only coupling), else
 * the placeholder; also the placeholder when the real one throws while starting, or when
 * `CAST_SANDBOX_RENDERER=placeholder` asks for it.
 */
export async function loadRenderer(log: (message: string) => void, choice = process.env.CAST_SANDBOX_RENDERER): Promise<MediaRenderer> {
  const load = choice === 'placeholder' ? null : realModuleLoader();
  if (!load) return createPlaceholderRenderer();
  try {
    const mod = (await load()) as RealModule;
    if (typeof mod.createRealRenderer !== 'function') {
      log('media/realRenderer.ts has no createRealRenderer(); using placeholder media.');
      return createPlaceholderRenderer();
    }
    return (await (mod.createRealRenderer as () => Promise<MediaRenderer> | MediaRenderer)()) as MediaRenderer;
  } catch (error) {
    log(`The real renderer did not start (${error instanceof Error ? error.message : String(error)}); using placeholder media.`);
    return createPlaceholderRenderer();
  }
}
