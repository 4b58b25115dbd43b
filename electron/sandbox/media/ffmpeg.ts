import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** Every ffmpeg child still running in this thread, so a shutdown can end them all. */
const live = new Set<ChildProcess>();

/** Kills every running ffmpeg child (the sandbox is stopping; their renders fail and are not committed). */
export function killRenders(): number {
  const count = live.size;
  for (const child of live) child.kill('SIGKILL');
  live.clear();
  return count;
}

export type FfmpegRun = {
  args: string[];
  /** Bytes for stdin, or a writer that feeds stdin (for frame streams) and resolves when done. */
  input?: Uint8Array | ((stdin: NodeJS.WritableStream) => Promise<void>);
  /** What the run is for, used in the error message. */
  purpose: string;
};

/** Runs ffmpeg and returns its stdout; a non-zero exit throws with the tail of its log. */
export function runFfmpeg({ args, input, purpose }: FfmpegRun): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const base = ['-hide_banner', '-loglevel', 'error', ...(input === undefined ? ['-nostdin'] : [])];
    const child = spawn(ffmpegPath(), [...base, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    if (child.pid !== undefined) {
      try {
        // renders yield the CPU to the API thread first (spec: requests answer while a video renders)
        setPriority(child.pid, RENDER_NICENESS);
      } catch {
        // a platform that refuses is only slower to answer during renders
      }
    }
    live.add(child);
    child.once('exit', () => live.delete(child));
    const out: Buffer[] = [];
    let log = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => {
      log = (log + b.toString()).slice(-2000);
    });
    child.stdin.on('error', () => undefined); // ffmpeg may close stdin early; the exit code tells.
    child.on('error', (error) => reject(new Error(`The sandbox could not start ffmpeg to ${purpose}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else
        reject(new Error(`The sandbox could not ${purpose} (ffmpeg exited with ${code}): ${log.trim().split('\n').slice(-3).join(' ')}`));
    });
    if (input === undefined) child.stdin.end();
    else if (input instanceof Uint8Array) child.stdin.end(input);
    else
      input(child.stdin).then(
        () => child.stdin.end(),
        (error: unknown) => {
          child.kill();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
  });
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

/** Decodes any audio ffmpeg reads into mono signed 16-bit PCM at `rate`. A file, not a pipe: MP4 audio needs seeking. */
export function decodeAudio(bytes: Uint8Array, rate: number, purpose: string): Promise<Int16Array> {
  return withTempDir(async (dir) => {
    const path = join(dir, 'audio.in');
    await writeFile(path, bytes);
    const pcm = await runFfmpeg({ args: ['-i', path, '-vn', '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'], purpose });
    const aligned = new Uint8Array(pcm.byteLength - (pcm.byteLength % 2));
    aligned.set(pcm.subarray(0, aligned.length));
    return new Int16Array(aligned.buffer);
  });
}

/** Any image ffmpeg reads (WebP, BMP, TIFF...) as PNG, for what resvg cannot embed. */
export function imageToPng(bytes: Uint8Array, purpose: string): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const path = join(dir, 'image.in');
    await writeFile(path, bytes);
    return runFfmpeg({ args: ['-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'], purpose });
  });
}
