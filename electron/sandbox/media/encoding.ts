import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Media } from './mediaRenderer.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { SANDBOX_LABEL } from './png.ts';

/** Render sizes: `standard` is 720p-class at 24 fps, `pro` 1080p-class at 30 fps. */
export function videoGrade(quality: string | undefined): { longSide: number; fps: number; crf: string } {
  return quality === 'pro' ? { longSide: 1920, fps: 30, crf: '21' } : { longSide: 1280, fps: 24, crf: '23' };
}

/** H.264 High / yuv420p in MP4 with the index up front: what Chromium's <video> plays and seeks. */
export function h264Args(crf: string, title: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    crf,
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-threads',
    '2',
    '-movflags',
    '+faststart',
    '-metadata',
    `comment=${SANDBOX_LABEL}`,
    '-metadata',
    `title=${title.slice(0, 200)}`,
    '-metadata',
    `encoder=${SANDBOX_LABEL}`,
  ];
}

export const AAC_ARGS = ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'];

/** Reads the finished MP4 and takes a JPEG poster from its middle. */
export async function finishVideo(
  dir: string,
  file: string,
  seconds: number,
  width: number,
  height: number,
): Promise<{ output: Media; thumbnail: Media }> {
  const path = join(dir, file);
  const output: Media = { bytes: new Uint8Array(await readFile(path)), contentType: 'video/mp4' };
  const thumbWidth = width >= height ? 320 : Math.round((320 * width) / height / 2) * 2;
  const poster = await runFfmpeg({
    args: [
      '-ss',
      (seconds / 2).toFixed(3),
      '-i',
      path,
      '-frames:v',
      '1',
      '-vf',
      `scale=${thumbWidth}:-2`,
      '-q:v',
      '4',
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ],
    purpose: 'take the video poster',
  });
  return { output, thumbnail: { bytes: poster, contentType: 'image/jpeg' } };
}
