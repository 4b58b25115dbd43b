import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Media } from './mediaRenderer.ts';
import { effectiveLimits, kernelLimits, limitedCommand, READ_LIMITS, RENDER_LIMITS, type FfmpegLimits } from './ffmpegLimits.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { uploadedInput } from './uploadedInput.ts';

const require = createRequire(import.meta.url);

let binary: string | null = null;
/** Niceness of ffmpeg children (on Windows, 10 maps to the below-normal priority class). */
const RENDER_NICENESS = 10;

/**
 * The ffmpeg binary that @ffmpeg-installer ships inside its per-platform package (nothing is
 * downloaded). Some package managers skip its postinstall chmod, so the bit is restored here.
 */
export function ffmpegPath(): string {
  if (binary) return binary;
  let path: string;
  try {
    path = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new Error(`The sandbox's ffmpeg is missing for ${process.platform}-${process.arch}; run npm install again.`, { cause: error });
  }
  if (process.platform !== 'win32') {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      chmodSync(path, 0o755);
    }
  }
  binary = path;
  return path;
}

/** Every ffmpeg child still running in this thread, with what stops it, so a shutdown can end them all. */
const live = new Map<ChildProcess, (reason: Error) => void>();

/** Kills every running ffmpeg child (the sandbox is stopping; their renders fail and are not committed). */
export function killRenders(): number {
  const count = live.size;
  for (const stop of live.values()) stop(new Error('The sandbox stopped while this was rendering.'));
  live.clear();
  return count;
}

export type FfmpegRun = {
  args: string[];
  /** Bytes for stdin, or a writer that feeds stdin (for frame streams) and resolves when done. */
  input?: Uint8Array | ((stdin: NodeJS.WritableStream) => Promise<void>);
  /** What the run is for, used in the error message. */
  purpose: string;
  /** What the run may spend; a render's limits unless given (READ_LIMITS for reading an upload). */
  limits?: FfmpegLimits;
};

/**
 * Every input is a local file (an absolute path into the run's scratch folder) or stdin, and is
 * opened with the file and pipe protocols only, whatever this build's defaults: neither an input
 * nor a playlist or concat script inside one can make ffmpeg open a URL.
 */
export function guardInputs(args: readonly string[]): string[] {
  const out: string[] = [];
  args.forEach((arg, i) => {
    if (arg === '-i') {
      const source = args[i + 1] ?? '';
      if (source !== 'pipe:0' && (!isAbsolute(source) || source.includes('://')))
        throw new Error(`ffmpeg reads local files and stdin only; "${source}" is neither.`);
      out.push('-protocol_whitelist', 'file,pipe');
    }
    out.push(arg);
  });
  return out;
}

/**
 * Runs ffmpeg within `limits` and returns its stdout; a non-zero exit throws with the tail of its
 * log, a run stopped at a limit throws an `FfmpegRefusal` that says which.
 */
export function runFfmpeg({ args, input, purpose, limits = RENDER_LIMITS }: FfmpegRun): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const limit = effectiveLimits(limits);
    const base = ['-hide_banner', '-loglevel', 'error', ...(input === undefined ? ['-nostdin'] : [])];
    const command = limitedCommand(ffmpegPath(), [...base, ...guardInputs(args)], limit);
    const child = spawn(command.command, command.args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true, env: childEnv() });
    lowerPriority(child);
    let stopped: Error | null = null;
    const stop = (reason: Error): void => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    live.set(child, stop);
    const timer = setTimeout(
      () => stop(new FfmpegRefusal(`The sandbox stopped ffmpeg at its time limit (${limit.wallSeconds} s) while trying to ${purpose}.`)),
      limit.wallSeconds * 1000,
    );
    const out: Buffer[] = [];
    let outBytes = 0;
    let log = '';
    child.stdout.on('data', (b: Buffer) => {
      outBytes += b.length;
      if (outBytes > limit.outputBytes)
        stop(new FfmpegRefusal(`The sandbox stopped ffmpeg: trying to ${purpose} gave more than ${mib(limit.outputBytes)} MiB.`));
      else out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => {
      log = (log + b.toString()).slice(-2000);
    });
    child.stdin.on('error', () => undefined); // ffmpeg may close stdin early; the exit code tells.
    const settle = (): void => {
      clearTimeout(timer);
      live.delete(child);
    };
    child.on('error', (error) => {
      settle();
      reject(new Error(`The sandbox could not start ffmpeg to ${purpose}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      settle();
      if (stopped) reject(stopped);
      else if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else reject(exitError({ code, signal, log, purpose, limit }));
    });
    feed(child.stdin, input, stop);
  });
}

/** Hands ffmpeg its stdin: nothing, bytes, or what a writer streams (a writer's failure stops the run). */
function feed(stdin: NodeJS.WritableStream, input: FfmpegRun['input'], stop: (reason: Error) => void): void {
  if (input === undefined) stdin.end();
  else if (input instanceof Uint8Array) stdin.end(input);
  else
    input(stdin).then(
      () => stdin.end(),
      (error: unknown) => stop(error instanceof Error ? error : new Error(String(error))),
    );
}

/** ffmpeg needs nothing from the sandbox's environment, and keeps few malloc arenas under its address-space limit. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { MALLOC_ARENA_MAX: '2' };
  // Windows programs need SystemRoot to start their socket and crypto libraries
  if (process.env.SystemRoot !== undefined) env.SystemRoot = process.env.SystemRoot;
  return env;
}

function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // renders yield the CPU to the API thread first (spec: requests answer while a video renders)
    setPriority(child.pid, RENDER_NICENESS);
  } catch {
    // a platform that refuses is only slower to answer during renders
  }
}

const mib = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** Why a run that the sandbox did not stop itself ended badly, in words. */
function exitError(run: { code: number | null; signal: NodeJS.Signals | null; log: string; purpose: string; limit: FfmpegLimits }): Error {
  const { signal, purpose, limit } = run;
  // RLIMIT_CPU ends a process with SIGKILL (or SIGXCPU below the hard limit); RLIMIT_FSIZE with SIGXFSZ
  if (kernelLimits && (signal === 'SIGKILL' || signal === 'SIGXCPU'))
    return new FfmpegRefusal(`The sandbox stopped ffmpeg at its CPU-time limit (${limit.cpuSeconds} s) while trying to ${purpose}.`);
  if (kernelLimits && signal === 'SIGXFSZ')
    return new FfmpegRefusal(`The sandbox stopped ffmpeg: trying to ${purpose} wrote a file larger than ${mib(limit.fileBytes)} MiB.`);
  const tail = run.log.trim().split('\n').slice(-3).join(' ');
  if (kernelLimits && /Cannot allocate memory|malloc of size|failed to allocate|out of memory/i.test(run.log))
    return new FfmpegRefusal(
      `The sandbox stopped trying to ${purpose}: it needs more than the ${mib(limit.memoryBytes)} MiB of memory ffmpeg may use.`,
    );
  return new Error(`The sandbox could not ${purpose} (ffmpeg exited with ${run.code ?? signal}): ${tail}`);
}

/** Writes one chunk and waits for the pipe to drain, so frame streams keep memory flat. */
export function writeChunk(stdin: NodeJS.WritableStream, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stdin.write(chunk, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else stdin.once('drain', resolve);
  });
}

/** A private scratch folder for one render, removed afterwards whatever happens. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'cast-sandbox-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Voice analysis and talk clips use at most this much of a recording (10 minutes of PCM is 19 MB). */
const MAX_AUDIO_SECONDS = 600;

/**
 * Decodes an uploaded audio file into mono signed 16-bit PCM at `rate`, after checking it is what it
 * says. `what` names the file for the creator ("voice sample").
 */
export function decodeAudio(audio: Media, rate: number, what: string): Promise<Int16Array> {
  return withTempDir(async (dir) => {
    const input = await uploadedInput(dir, 'audio.in', audio, 'audio', what);
    const pcm = await runFfmpeg({
      args: [...input, '-vn', '-ac', '1', '-ar', String(rate), '-t', String(MAX_AUDIO_SECONDS), '-f', 's16le', 'pipe:1'],
      purpose: `read the ${what}`,
      limits: READ_LIMITS,
    });
    const aligned = new Uint8Array(pcm.byteLength - (pcm.byteLength % 2));
    aligned.set(pcm.subarray(0, aligned.length));
    return new Int16Array(aligned.buffer);
  });
}

/** An uploaded image that resvg cannot embed (WebP) as PNG, after checking it is what it says. */
export function imageToPng(image: Media, what: string): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const input = await uploadedInput(dir, 'image.in', image, 'image', what);
    const args = [...input, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'];
    return runFfmpeg({ args, purpose: `read the ${what}`, limits: READ_LIMITS });
  });
}
