import type { Speed } from './services.ts';

export type JobKind = 'character' | 'image' | 'video' | 'talk' | 'voice' | 'audio';

/**
 * Decision (spec 3: transitions out of processing are not shown): how long a job stays in
 * processing. `fast` finishes everything within about a second; `realtime` is plausible.
 */
const DURATION_MS: Record<Speed, Record<JobKind, number>> = {
  fast: { character: 300, image: 200, video: 500, talk: 400, voice: 300, audio: 250 },
  realtime: { character: 8_000, image: 5_000, video: 25_000, talk: 15_000, voice: 10_000, audio: 4_000 },
};

export function jobDurationMs(speed: Speed, kind: JobKind): number {
  return DURATION_MS[speed][kind];
}

/** Decision: at most this many image/video/talk generations of one account are processing; the rest wait as `pending`. */
export const GENERATION_CONCURRENCY = 4;
