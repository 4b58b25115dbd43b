import { join } from 'node:path';
import type { GenerationInput, Media, RenderedOutput } from './mediaRenderer.ts';
import { captionSvg, watermarkSvg } from './backdrop.ts';
import { AAC_ARGS, finishVideo, h264Args, videoGrade } from './encoding.ts';
import { decodeAudio, runFfmpeg, withTempDir, writeChunk } from './ffmpeg.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { frameSize } from './frameSize.ts';
import { renderableImage } from './imageInput.ts';
import { expressionOf } from './look.ts';
import { MOUTH_KEY } from './portraits.ts';
import { isPng, pngSize, readPngText } from './png.ts';
import { FONT_FAMILY, imageTag, svgToPixels, svgToPng, xml, type Raster } from './raster.ts';
import { uploadedInput } from './uploadedInput.ts';
import { loudnessEnvelope } from './wav.ts';

const FPS = 25;
const RATE = 16000;
/** Mouth openness is drawn in this many steps; each step is rendered once and reused per frame. */
const LEVELS = 8;
const DEFAULT_MOUTH = { x: 0.5, y: 0.66, width: 0.14 };

const TINT: Record<string, string> = {
  happy: 'ffd166',
  sad: '5c7aff',
  angry: 'ff5c5c',
  surprised: 'c77dff',
  calm: '80ffdb',
  serious: '9aa5b1',
  playful: 'ff8fab',
};

/**
 * A talk clip (or video lipsync): the headshot whose mouth opens with the loudness of the audio,
 * that audio muxed in, as long as the audio but at most `duration` seconds.
 */
export async function renderTalking(input: GenerationInput, kind: 'talk' | 'lipsync'): Promise<RenderedOutput> {
  const o = input.options;
  const audio = input.assets.audio;
  if (!audio) throw new Error(`A ${kind === 'talk' ? 'talk clip' : 'lipsync video'} needs audio_url: the audio the character speaks.`);
  const samples = await decodeAudio(audio, RATE, 'talk audio').catch((error: unknown) => {
    throw error instanceof FfmpegRefusal ? error : new Error('The talk audio could not be read; upload a WAV, MP3, M4A or OGG file.');
  });
  const audioSeconds = samples.length / RATE;
  if (audioSeconds < 0.1) throw new Error('The talk audio is empty; upload audio of at least a tenth of a second.');
  const seconds = Math.min(audioSeconds, o.duration ?? 15);
  const frames = Math.max(1, Math.round(seconds * FPS));
  const grade = videoGrade(o.quality);
  const size =
    kind === 'talk' ? frameSize('1:1', grade.longSide === 1920 ? 1080 : 720) : frameSize(o.aspect_ratio ?? '16:9', grade.longSide);
  const face = await renderableImage(
    input.assets.startFrame ?? input.character.headshot,
    input.assets.startFrame ? 'start frame' : "character's headshot",
  );
  const mood = kind === 'talk' ? (o.expression ?? 'neutral') : 'lipsync';
  const levels = mouthFrames(face, size.width, size.height, mood, kind === 'lipsync' ? input.prompt : null).map(toYuv420);
  const envelope = loudnessEnvelope(samples, RATE, FPS, frames);
  return withTempDir(async (dir) => {
    const audioInput = await uploadedInput(dir, 'audio.in', audio, 'audio', 'talk audio');
    await runFfmpeg({
      args: [
        ...rawFramesInput(size.width, size.height),
        ...audioInput,
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-t',
        seconds.toFixed(3),
        ...h264Args(grade.crf, input.prompt),
        ...AAC_ARGS,
        '-y',
        join(dir, 'out.mp4'),
      ],
      input: async (stdin) => {
        for (let f = 0; f < frames; f += 1) {
          const level = Math.min(LEVELS - 1, Math.round((envelope[f] ?? 0) * (LEVELS - 1)));
          await writeChunk(stdin, levels[level] ?? new Uint8Array());
        }
      },
      purpose: `encode the ${kind} clip`,
    });
    return { ...(await finishVideo(dir, 'out.mp4', seconds, size.width, size.height)), durationSeconds: seconds };
  });
}

/** ffmpeg's first input: raw YUV frames of this size on stdin, at the clip's frame rate. */
function rawFramesInput(width: number, height: number): string[] {
  return ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`, '-r', String(FPS), '-i', 'pipe:0'];
}

function mouthOf(face: Media): { x: number; y: number; width: number } {
  const [x, y, width] = (readPngText(face.bytes)[MOUTH_KEY] ?? '').split(',').map(Number);
  return x !== undefined && y !== undefined && width !== undefined && [x, y, width].every(Number.isFinite)
    ? { x, y, width }
    : DEFAULT_MOUTH;
}

/** The frame once per mouth level: blurred backdrop, the face, and an open mouth over the drawn one. */
function mouthFrames(face: Media, w: number, h: number, mood: string, caption: string | null): Raster[] {
  const natural = isPng(face.bytes) ? pngSize(face.bytes) : { width: 1, height: 1 };
  // room above for the label and below for the caption band
  const top = h * 0.1;
  const available = h * (caption ? 0.84 : 0.97) - top;
  const scale = Math.min((w * 0.9) / natural.width, available / natural.height);
  const fw = Math.round(natural.width * scale);
  const fh = Math.round(natural.height * scale);
  const fx = Math.round((w - fw) / 2);
  const fy = Math.round(top + (available - fh) / 2);
  const tint = TINT[expressionOf(mood)] ?? 'ffffff';
  const base = svgToPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
      `<defs><filter id="blur"><feGaussianBlur stdDeviation="${Math.round(Math.min(w, h) * 0.03)}"/></filter></defs>` +
      `<rect width="${w}" height="${h}" fill="#111"/><g filter="url(#blur)" opacity="0.7">${imageTag(face, 0, 0, w, h, 'cover')}</g>` +
      `<rect width="${w}" height="${h}" fill="#${tint}" opacity="0.12"/>` +
      `<rect x="${fx - 4}" y="${fy - 4}" width="${fw + 8}" height="${fh + 8}" rx="10" fill="#000" opacity="0.35"/>` +
      imageTag(face, fx, fy, fw, fh, 'none') +
      `<text x="${Math.round(w * 0.04)}" y="${Math.round(h * 0.07)}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${Math.round(Math.min(w, h) * 0.035)}" fill="#${tint}">${xml(mood.toUpperCase())} · SANDBOX</text>` +
      (caption ? captionSvg(w, h, caption, null) : '') +
      watermarkSvg(w, h) +
      '</svg>',
  );
  const m = mouthOf(face);
  const cx = fx + m.x * fw;
  const cy = fy + m.y * fh;
  const mw = m.width * fw;
  return Array.from({ length: LEVELS }, (_, level) => {
    const open = level / (LEVELS - 1);
    const rx = (mw / 2) * (0.8 + 0.2 * open);
    const ry = mw * 0.34 * open + mw * 0.04;
    const mouth =
      level === 0
        ? ''
        : `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3a0d12" stroke="#a8444f" stroke-width="${mw * 0.07}"/>` +
          `<ellipse cx="${cx}" cy="${cy - ry * 0.62}" rx="${rx * 0.62}" ry="${ry * 0.28}" fill="#f4f1ea"/>` +
          `<ellipse cx="${cx}" cy="${cy + ry * 0.5}" rx="${rx * 0.55}" ry="${ry * 0.35}" fill="#c2555f"/>`;
    return svgToPixels(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${imageTag(base, 0, 0, w, h, 'none')}${mouth}</svg>`,
    );
  });
}

/** RGBA to planar YUV 4:2:0 (BT.601, limited range), done once per level instead of per frame. */
function toYuv420({ width: w, height: h, pixels }: Raster): Uint8Array {
  const out = new Uint8Array(w * h * 1.5);
  const u0 = w * h;
  const v0 = u0 + (w / 2) * (h / 2);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y * w + x) * 4;
      out[y * w + x] = 16 + ((66 * (pixels[i] ?? 0) + 129 * (pixels[i + 1] ?? 0) + 25 * (pixels[i + 2] ?? 0) + 128) >> 8);
    }
  }
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * w + x + dx) * 4;
        r += pixels[i] ?? 0;
        g += pixels[i + 1] ?? 0;
        b += pixels[i + 2] ?? 0;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = (y / 2) * (w / 2) + x / 2;
      out[u0 + c] = 128 + ((-38 * r - 74 * g + 112 * b + 128) >> 8);
      out[v0 + c] = 128 + ((112 * r - 94 * g - 18 * b + 128) >> 8);
    }
  }
  return out;
}
