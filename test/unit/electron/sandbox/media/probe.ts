import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../../../../electron/sandbox/media/ffmpeg.ts';

export type Probe = {
  format: string;
  duration: number;
  comment: string | null;
  video: { codec: string; profile: string | null; pixelFormat: string; width: number; height: number; fps: number } | null;
  audio: { codec: string; rate: number } | null;
};

/** What the ffmpeg that the sandbox ships reads from a file's header (`ffmpeg -i`). */
export function probe(bytes: Uint8Array): Probe {
  const dir = mkdtempSync(join(tmpdir(), 'cast-probe-'));
  try {
    const file = join(dir, 'media.in');
    writeFileSync(file, bytes);
    const log = spawnSync(ffmpegPath(), ['-hide_banner', '-i', file], { encoding: 'utf8' }).stderr;
    const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(log);
    const video = /Stream #\S+: Video: (\w+)(?: \(([^)]+)\))?[^,]*, (\w+)[^,]*, (\d+)x(\d+)[^\n]*?([\d.]+) fps/.exec(log);
    const audio = /Stream #\S+: Audio: (\w+)[^,]*, (\d+) Hz/.exec(log);
    return {
      format: /Input #0, ([^,]+(?:,[^,\s]+)*), from/.exec(log)?.[1] ?? '',
      duration: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : Number.NaN,
      comment: /comment\s*: (.+)/.exec(log)?.[1]?.trim() ?? null,
      video: video
        ? {
            codec: video[1] ?? '',
            profile: video[2] ?? null,
            pixelFormat: video[3] ?? '',
            width: Number(video[4]),
            height: Number(video[5]),
            fps: Number(video[6]),
          }
        : null,
      audio: audio ? { codec: audio[1] ?? '', rate: Number(audio[2]) } : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
