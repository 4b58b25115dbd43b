import { parentPort } from 'node:worker_threads';
import { killRenders } from './ffmpeg.ts';
import { renderImage } from './images.ts';
import { renderPortraits } from './portraits.ts';
import { renderSpeech } from './speech.ts';
import { renderTalking } from './talk.ts';
import { renderVideo } from './video.ts';
import { analyzeVoice } from './voiceAnalysis.ts';

/** The renders the worker runs, by the MediaRenderer method they serve. */
const METHODS = {
  portraits: renderPortraits,
  image: renderImage,
  video: renderVideo,
  talk: (input: Parameters<typeof renderTalking>[0]) => renderTalking(input, 'talk'),
  speech: renderSpeech,
  analyzeVoice,
} as const;

export type WorkerMethod = keyof typeof METHODS;
export type WorkerRequest = { id: number; method: WorkerMethod; input: unknown };
/** Sent once when the renderer closes: the worker kills its ffmpeg children and answers `stopped`. */
export type WorkerStop = { stop: true };
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string } | { stopped: true };

/** Two renders at once on a 2-core machine: a portrait need not wait behind a long video. */
const CONCURRENCY = 2;
let running = 0;
const waiting: WorkerRequest[] = [];

async function run(request: WorkerRequest): Promise<void> {
  const port = parentPort;
  if (!port) return;
  try {
    const method = METHODS[request.method] as (input: unknown) => Promise<unknown>;
    const value = await method(request.input);
    port.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({ id: request.id, ok: false, message } satisfies WorkerReply);
  }
}

function pump(): void {
  while (running < CONCURRENCY) {
    const next = waiting.shift();
    if (!next) return;
    running += 1;
    void run(next).finally(() => {
      running -= 1;
      pump();
    });
  }
}

parentPort?.on('message', (message: WorkerRequest | WorkerStop) => {
  if ('stop' in message) {
    waiting.length = 0;
    killRenders();
    parentPort?.postMessage({ stopped: true } satisfies WorkerReply);
    return;
  }
  waiting.push(message);
  pump();
});
