import type { MediaRenderer } from './media/mediaRenderer.ts';
import { createPlaceholderRenderer } from './media/placeholderRenderer.ts';
import { createRealRenderer } from './media/realRenderer.ts';

/**
 * Chooses the renderer injected into the sandbox: the real one, or the placeholder when
 * `CAST_SANDBOX_RENDERER=placeholder` asks for it (tests that do not look at media save CPU) or
 * when the real one cannot start on this platform (its ffmpeg package is missing), which is logged.
 */
export async function loadRenderer(log: (message: string) => void, choice = process.env.CAST_SANDBOX_RENDERER): Promise<MediaRenderer> {
  if (choice === 'placeholder') return createPlaceholderRenderer();
  try {
    return await createRealRenderer();
  } catch (error) {
    log(`The real media renderer did not start (${error instanceof Error ? error.message : String(error)}); using placeholder media.`);
    return createPlaceholderRenderer();
  }
}
