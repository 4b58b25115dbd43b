import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationInput, Media, RenderedOutput } from './mediaRenderer.ts';
import { captionSvg, watermarkSvg } from './backdrop.ts';
import { AAC_ARGS, finishVideo, h264Args, videoGrade } from './encoding.ts';
import { runFfmpeg, withTempDir } from './ffmpeg.ts';
import { READ_LIMITS } from './ffmpegLimits.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { frameSize } from './frameSize.ts';
import { renderableImage } from './imageInput.ts';
import { FIGURE_KEY } from './portraits.ts';
import { readPngText } from './png.ts';
import { svgToPng } from './raster.ts';
import { seedOf } from './seed.ts';
import { hashOf, stillSvg } from './still.ts';
import { renderTalking } from './talk.ts';
import { uploadedInput } from './uploadedInput.ts';
import { ambientPad, encodeWav } from './wav.ts';

type Mode = 'create' | 'extend' | 'remix' | 'edit';

/** Each mode has its own grade, motion and label colour, so the five are told apart at a glance. */
const LOOK: Record<Mode, { accent: string; grade: string }> = {
  create: { accent: 'ffd166', grade: 'eq=saturation=1.15,colorbalance=rs=0.06:gs=0.02:bs=-0.06' },
  extend: { accent: '7bdff2', grade: 'colorbalance=rs=-0.05:bs=0.08,eq=contrast=1.05' },
  remix: { accent: 'f72585', grade: 'hue=h=140:s=1.5,eq=contrast=1.15' },
  edit: { accent: 'b8f2e6', grade: 'eq=contrast=1.2:brightness=0.02:saturation=0.9,vignette=PI/4.5' },
};

const ZOOM = { low: 0.08, medium: 0.16, high: 0.28 } as const;

/** spec 4.2 video: an MP4 (H.264, AAC when audio is on) of the requested duration and aspect ratio. */
export async function renderVideo(input: GenerationInput): Promise<RenderedOutput> {
  const o = input.options;
  const mode = o.video_mode ?? 'create';
  if (mode === 'lipsync') return renderTalking(input, 'lipsync');
  const seconds = o.duration ?? 5;
  const grade = videoGrade(o.quality);
  const { width, height } = frameSize(o.aspect_ratio ?? '16:9', grade.longSide);
  const seed = seedOf('video', input.prompt, input.model, o.style ?? null, mode, hashOf(input.character.fullbody));
  const label = `${mode} · sandbox video`;
  return withTempDir(async (dir) => {
    await writeCaption(join(dir, 'caption.png'), width, height, input.prompt, label, LOOK[mode].accent);
    const frames = Math.round(seconds * grade.fps);
    const audio = await audioInput(dir, input, seconds, seed);
    const source =
      mode === 'remix' || mode === 'edit'
        ? await movingSource(dir, input, mode, width, height, grade.fps)
        : await stillSource(dir, input, mode, width, height, grade.fps, frames, seed);
    const last = source.count;
    const audioMap = audio === 'original' ? ['-map', '0:a?'] : audio ? ['-map', `${last + 1}:a`] : [];
    const fade = `fade=t=in:st=0:d=0.4,fade=t=out:st=${Math.max(0, seconds - 0.4).toFixed(2)}:d=0.4`;
    const filter = `${source.filter},${LOOK[mode].grade}[graded];[graded][${last}:v]overlay=0:0,${fade},format=yuv420p[out]`;
    await runFfmpeg({
      args: [
        ...source.inputs,
        '-i',
        join(dir, 'caption.png'),
        ...(audio && audio !== 'original' ? ['-i', audio] : []),
        '-filter_complex',
        filter,
        '-map',
        '[out]',
        ...audioMap,
        '-t',
        String(seconds),
        '-r',
        String(grade.fps),
        ...h264Args(grade.crf, input.prompt),
        ...(audio ? [...AAC_ARGS, '-af', `apad,atrim=0:${seconds}`] : ['-an']),
        '-y',
        join(dir, 'out.mp4'),
      ],
      purpose: `encode the ${mode} video`,
    });
    return { ...(await finishVideo(dir, 'out.mp4', seconds, width, height)), durationSeconds: seconds };
  });
}

/** The caption and watermark laid over every frame, as a PNG at `path`. */
async function writeCaption(path: string, width: number, height: number, prompt: string, label: string, accent: string): Promise<void> {
  const overlay = svgToPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      captionSvg(width, height, prompt, label, accent) +
      watermarkSvg(width, height) +
      '</svg>',
  );
  await writeFile(path, overlay.bytes);
}

/**
 * generate_audio draws a pad; keep_original_sound keeps the source's track (when it has one).
 * Answers the path of the audio file to mix in, the word 'original' for the source's own track, or null.
 */
async function audioInput(dir: string, input: GenerationInput, seconds: number, seed: string): Promise<string | null> {
  const o = input.options;
  if (o.keep_original_sound && input.assets.referenceVideo && (o.video_mode === 'remix' || o.video_mode === 'edit')) return 'original';
  if (!o.generate_audio) return null;
  const path = join(dir, 'pad.wav');
  await writeFile(path, encodeWav(ambientPad(seconds, 48000, seed), 48000));
  return path;
}

/** ffmpeg inputs of the picture (`count` of them) and the filter chain that ends in the frame. */
type Source = { inputs: string[]; count: number; filter: string };

/** create and extend: a still drawn a little larger than the frame, then slowly zoomed or panned. */
async function stillSource(
  dir: string,
  input: GenerationInput,
  mode: 'create' | 'extend',
  width: number,
  height: number,
  fps: number,
  frames: number,
  seed: string,
): Promise<Source> {
  const o = input.options;
  const amount = ZOOM[o.motion_intensity ?? 'medium'];
  const w = Math.round((width * (1 + amount)) / 2) * 2;
  const h = Math.round((height * (1 + amount)) / 2) * 2;
  let base: Media | null = null;
  if (mode === 'extend') base = await lastFrame(dir, input.assets.referenceVideo);
  else if (input.assets.startFrame) base = await renderableImage(input.assets.startFrame, 'start frame');
  const references = await Promise.all(
    input.assets.referenceImages.slice(0, 3).map((m, i) => renderableImage(m, `reference image ${i + 1}`)),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${stillSvg({
    width: w,
    height: h,
    prompt: input.prompt,
    style: o.style,
    seed,
    mode: base ? 'frame' : 'generate',
    base,
    character: o.include_character === false || (base && mode === 'extend') ? null : input.character.fullbody,
    references,
  })}</svg>`;
  await writeFile(join(dir, 'still.png'), svgToPng(svg).bytes);
  // smoothstep progress: the camera eases in and out instead of starting with a jolt
  const p = `(on/${Math.max(1, frames - 1)})`;
  const ease = `(${p}*${p}*(3-2*${p}))`;
  const zoom = 1 + amount;
  const motion =
    mode === 'create'
      ? `z='1+${amount}*${ease}':x='(iw-iw/zoom)*0.5':y='(ih-ih/zoom)*0.45'`
      : `z='${zoom}':x='(iw-iw/zoom)*${ease}':y='(ih-ih/zoom)*0.5'`;
  return {
    inputs: ['-loop', '1', '-framerate', String(fps), '-t', String(frames / fps), '-i', join(dir, 'still.png')],
    count: 1,
    filter: `[0:v]zoompan=${motion}:d=1:s=${width}x${height}:fps=${fps},setsar=1`,
  };
}

/** remix and edit: the reference video, looped to length, cropped to the frame, graded; remix adds the character. */
async function movingSource(
  dir: string,
  input: GenerationInput,
  mode: 'remix' | 'edit',
  width: number,
  height: number,
  fps: number,
): Promise<Source> {
  const reference = input.assets.referenceVideo;
  if (!reference) throw new Error(`Video ${mode} needs reference_video: the source video.`);
  const inputs = ['-stream_loop', '-1', ...(await uploadedInput(dir, 'reference.in', reference, 'video', 'reference video'))];
  let filter = `[0:v]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},fps=${fps},setsar=1`;
  if (mode === 'remix' && input.options.include_character !== false) {
    const figure = readPngText(input.character.fullbody.bytes)[FIGURE_KEY];
    const cutout = figure ? svgToPng(figure) : input.character.fullbody;
    await writeFile(join(dir, 'figure.png'), cutout.bytes);
    inputs.push('-loop', '1', '-i', join(dir, 'figure.png'));
    const fh = Math.round((height * 0.8) / 2) * 2;
    filter = `${filter}[bg];[1:v]scale=-2:${fh}[fig];[bg][fig]overlay=x='W*0.62-w/2':y='H-h'`;
  }
  return { inputs, count: inputs.filter((a) => a === '-i').length, filter };
}

async function lastFrame(dir: string, video: Media | null): Promise<Media> {
  if (!video) throw new Error('Video extend needs reference_video: the source video.');
  const input = await uploadedInput(dir, 'reference.in', video, 'video', 'reference video');
  const grab = (args: string[]): Promise<Uint8Array> =>
    runFfmpeg({
      args: [...args, ...input, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      purpose: 'read the reference video',
      limits: READ_LIMITS,
    });
  // a run stopped at a limit says so; any other failure gets one more try from the start
  const unlessRefused = (error: unknown): Uint8Array => {
    if (error instanceof FfmpegRefusal) throw error;
    return new Uint8Array();
  };
  let png = await grab(['-sseof', '-0.3']).catch(unlessRefused);
  if (png.length === 0) png = await grab([]).catch(unlessRefused);
  if (png.length === 0) throw new Error('The reference video could not be read; upload an MP4, WebM or MOV file with a video track.');
  return { bytes: png, contentType: 'image/png' };
}
