import { existsSync } from 'node:fs';

/** What one ffmpeg run may spend before it is stopped. */
export type FfmpegLimits = {
  /** Wall-clock seconds, enforced from Node with SIGKILL on every platform. */
  wallSeconds: number;
  /** CPU seconds (RLIMIT_CPU; the kernel kills the run past it), where prlimit is there to set it. */
  cpuSeconds: number;
  /** Address space in bytes (RLIMIT_AS; allocations past it fail), where prlimit is there to set it. */
  memoryBytes: number;
  /** Largest file the run may write (RLIMIT_FSIZE), where prlimit is there to set it. */
  fileBytes: number;
  /** Most bytes the run may write to stdout before it is killed, enforced from Node. */
  outputBytes: number;
};

const MIB = 1024 * 1024;

/**
 * Reading an uploaded file (a voice sample, a talk's audio, a WebP, a reference video's frame).
 * A 25 MiB recording decodes in well under a second of CPU; reads write no file, only stdout.
 */
export const READ_LIMITS: FfmpegLimits = {
  wallSeconds: 120,
  cpuSeconds: 60,
  memoryBytes: 1024 * MIB,
  fileBytes: 0,
  outputBytes: 256 * MIB,
};

/**
 * Rendering a video or a talk clip, which reads the uploads it uses too. A 1080p H.264 encode on
 * two threads measures about 250 MiB resident within 1 GiB of address space; the rest is headroom.
 */
export const RENDER_LIMITS: FfmpegLimits = {
  wallSeconds: 600,
  cpuSeconds: 600,
  memoryBytes: 2048 * MIB,
  fileBytes: 1024 * MIB,
  outputBytes: 256 * MIB,
};

/**
 * `CAST_SANDBOX_FFMPEG_SECONDS` lowers the time limits of every run (it never raises them), so a
 * sandbox can be run with tight limits and a test can watch a run stopped at its limit.
 */
export function effectiveLimits(base: FfmpegLimits, cap = process.env.CAST_SANDBOX_FFMPEG_SECONDS): FfmpegLimits {
  const seconds = cap === undefined || cap.trim() === '' ? Number.NaN : Number(cap);
  if (!Number.isFinite(seconds) || seconds < 0) return base;
  return {
    ...base,
    wallSeconds: Math.min(base.wallSeconds, seconds),
    // RLIMIT_CPU counts whole seconds, and zero would mean no limit
    cpuSeconds: Math.min(base.cpuSeconds, Math.max(1, Math.ceil(seconds))),
  };
}

/** util-linux's prlimit sets the limits on itself, then execs ffmpeg in place (same pid). */
const PRLIMIT = process.platform === 'linux' ? (['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path)) ?? null) : null;

/** Whether the kernel enforces CPU time, memory and file size here, not only the wall clock. */
export const kernelLimits = PRLIMIT !== null;

/**
 * The command that runs `binary` within `limits`. Without prlimit (macOS, Windows, a Linux without
 * util-linux) only the Node-side limits hold: the wall-clock SIGKILL and the stdout bound, so CPU
 * time is bounded by the wall clock times ffmpeg's threads, and memory only by ffmpeg's own frame
 * size checks (`-max_pixels`) and the upload size limits.
 */
export function limitedCommand(binary: string, args: readonly string[], limits: FfmpegLimits): { command: string; args: string[] } {
  if (PRLIMIT === null) return { command: binary, args: [...args] };
  return {
    command: PRLIMIT,
    args: [
      `--cpu=${limits.cpuSeconds}`,
      `--as=${limits.memoryBytes}`,
      `--fsize=${limits.fileBytes}`,
      // a run killed at a limit leaves no core file of a creator's upload behind
      '--core=0',
      '--',
      binary,
      ...args,
    ],
  };
}
