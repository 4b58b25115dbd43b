import { Worker } from 'node:worker_threads';
import type {
  GenerationInput,
  MediaRenderer,
  PortraitInput,
  PortraitOutput,
  RenderedOutput,
  SpeechInput,
  VoiceParameters,
  VoiceSampleInput,
} from './mediaRenderer.ts';
import { ffmpegPath } from './ffmpeg.ts';
import type { WorkerMethod, WorkerReply, WorkerRequest, WorkerStop } from './worker.ts';

/** How long closing waits for the worker to kill its ffmpeg children before terminating it. */
const STOP_WAIT_MS = 500;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * Run from source, the worker is worker.ts beside this file; in the desktop app's bundle
 * (vite --mode sandbox) it is emitted as mediaWorker.js beside cli.js. The name is held in a
 * variable so the bundler does not try to resolve it as an asset.
 */
function workerUrl(): URL {
  const bundled = './mediaWorker.js';
  return new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : bundled, import.meta.url);
}

/**
 * The sandbox's real media: every render runs in one worker thread (drawing, speech synthesis)
 * and the ffmpeg child processes it starts, so the API thread only posts messages.
 * Throws at once when this platform's ffmpeg package is missing, so the caller can say so.
 */
export async function createRealRenderer(): Promise<MediaRenderer> {
  ffmpegPath();
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const call = <T>(method: WorkerMethod, input: unknown): Promise<T> => {
    worker ??= startWorker(pending, () => {
      worker = null;
    });
    const active = worker;
    active.ref();
    const id = nextId;
    nextId += 1;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: (value) => resolve(value as T), reject });
      active.postMessage({ id, method, input } satisfies WorkerRequest);
    });
  };

  return {
    portraits: (input: PortraitInput) => call<PortraitOutput>('portraits', input),
    image: (input: GenerationInput) => call<RenderedOutput>('image', input),
    video: (input: GenerationInput) => call<RenderedOutput>('video', input),
    talk: (input: GenerationInput) => call<RenderedOutput>('talk', input),
    speech: (input: SpeechInput) => call<RenderedOutput>('speech', input),
    analyzeVoice: (input: VoiceSampleInput) => call<VoiceParameters>('analyzeVoice', input),
    close: async () => {
      const active = worker;
      worker = null;
      if (active) {
        active.removeAllListeners('exit');
        await stopChildren(active);
        await active.terminate();
      }
      for (const job of pending.values()) job.reject(new Error('The sandbox media renderer was closed.'));
      pending.clear();
    },
  };
}

/** A worker that settles the pending calls it answers, and fails them all when it dies (`gone` forgets it). */
function startWorker(pending: Map<number, Pending>, gone: () => void): Worker {
  const created = new Worker(workerUrl());
  created.on('message', (reply: WorkerReply) => {
    if ('stopped' in reply) return;
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new Error(reply.message));
    if (pending.size === 0) created.unref();
  });
  const fail = (reason: string): void => {
    gone();
    for (const job of pending.values()) job.reject(new Error(`The sandbox media worker stopped (${reason}); try the request again.`));
    pending.clear();
  };
  created.on('error', (error: Error) => fail(error.message));
  created.on('exit', (code) => fail(`exit code ${code}`));
  return created;
}

/**
 * Terminating a worker leaves its child processes running: it kills its ffmpeg children first
 * (a short bound, in case the worker is stuck in a long synchronous draw).
 */
function stopChildren(active: Worker): Promise<void> {
  return new Promise<void>((done) => {
    const timer = setTimeout(done, STOP_WAIT_MS);
    active.on('message', (reply: WorkerReply) => {
      if ('stopped' in reply) {
        clearTimeout(timer);
        done();
      }
    });
    active.postMessage({ stop: true } satisfies WorkerStop);
  });
}
