import {
  ALL_FORMATS,
  AudioSample,
  AudioSampleSink,
  AudioSampleSource,
  BlobSource,
  canEncodeAudio,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  StreamTarget,
  VideoSample,
  VideoSampleSink,
  VideoSampleSource,
  type InputAudioTrack,
  type InputVideoTrack,
  type StreamTargetChunk,
} from 'mediabunny';
import type { AppError, SceneExportStage, SceneJoin } from '../../../../shared/ipc/index.ts';
import { SCENE_EXPORT_CHUNK_BYTES } from '../../../../shared/ipc/sceneExportChunks.ts';
import { LinearResampler } from '../../../../shared/scenes/linearResampler.ts';
import { planRemux, type ClipFacts } from '../../../../shared/scenes/remuxPlan.ts';

/**
 * Joins a scene's clips into one MP4 with mediabunny. Clips that share one set of codec settings
 * are remuxed: their packets are copied, each clip's timestamps moved by the length of the clips
 * before it, so the result lasts exactly the sum of the clips. Otherwise every clip is decoded and
 * encoded again with WebCodecs (H.264; AAC where the browser can encode it, else Opus), pictures
 * fitted into the first clip's frame, and an audio-only line (a narrator) shows a still: the last
 * frame of the line before it, or a title card when it opens the scene.
 */

export type JoinClip = { lineId: string; number: number; url: string };

export type JoinEvents = {
  progress(stage: SceneExportStage, progress: number): void;
  /** One piece of the MP4 at its place in the file; the join waits for it to be taken. */
  write(position: number, bytes: Uint8Array): Promise<void>;
};

/** A sentence for the person exporting, naming the line when one line is at fault. */
/** Why a join failed, as the error the page words (`message` is an English line for the console). */
export class JoinError extends Error {
  readonly error: AppError;
  constructor(error: AppError, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'JoinError';
    this.error = error;
  }
}

type Opened = {
  clip: JoinClip;
  input: Input;
  video: InputVideoTrack | null;
  audio: InputAudioTrack | null;
  facts: ClipFacts;
  /** Seconds, to the end of its longest track. */
  duration: number;
  frameRate: number;
};

/** The picture when no clip has one (a scene of narration only). */
const FALLBACK_SIZE = { width: 1280, height: 720, frameRate: 25 };

export async function measureClips(clips: readonly JoinClip[], signal: AbortSignal): Promise<SceneJoin> {
  const opened = await openAll(clips, signal, () => undefined);
  try {
    return joinFacts(opened, planRemux(opened.map((each) => each.facts)).remux);
  } finally {
    for (const each of opened) each.input.dispose();
  }
}

export async function joinClips(clips: readonly JoinClip[], title: string, signal: AbortSignal, events: JoinEvents): Promise<SceneJoin> {
  const opened = await openAll(clips, signal, (done) => events.progress('joining', done * 0.1));
  try {
    const plan = planRemux(opened.map((each) => each.facts));
    const facts = joinFacts(opened, plan.remux);
    const output = new Output({
      format: new Mp4OutputFormat(),
      target: new StreamTarget(writableFor(events), { chunked: true, chunkSize: SCENE_EXPORT_CHUNK_BYTES }),
    });
    const abort = () => void output.cancel();
    signal.addEventListener('abort', abort, { once: true });
    try {
      if (plan.remux) await remux(opened, output, signal, (done) => events.progress('joining', 0.1 + done * 0.9));
      else await reencode(opened, output, { ...facts, title }, signal, (done) => events.progress('encoding', 0.1 + done * 0.9));
    } finally {
      signal.removeEventListener('abort', abort);
    }
    return facts;
  } finally {
    for (const each of opened) each.input.dispose();
  }
}

function writableFor(events: JoinEvents): WritableStream<StreamTargetChunk> {
  return new WritableStream<StreamTargetChunk>({ write: (chunk) => events.write(chunk.position, chunk.data) });
}

function joinFacts(opened: readonly Opened[], remuxed: boolean): SceneJoin {
  const first = opened.find((each) => each.facts.video !== null);
  return {
    remuxed,
    lines: opened.map((each) => ({ lineId: each.clip.lineId, durationMs: Math.max(1, Math.round(each.duration * 1000)) })),
    width: first?.facts.video?.width ?? FALLBACK_SIZE.width,
    height: first?.facts.video?.height ?? FALLBACK_SIZE.height,
    frameRate: first?.frameRate ?? FALLBACK_SIZE.frameRate,
  };
}

async function openAll(clips: readonly JoinClip[], signal: AbortSignal, progress: (done: number) => void): Promise<Opened[]> {
  const opened: Opened[] = [];
  try {
    for (const clip of clips) {
      signal.throwIfAborted();
      opened.push(await openClip(clip, signal));
      progress(opened.length / clips.length);
    }
    return opened;
  } catch (error) {
    for (const each of opened) each.input.dispose();
    throw error;
  }
}

async function openClip(clip: JoinClip, signal: AbortSignal): Promise<Opened> {
  let blob: Blob;
  try {
    // The file as it is on disk now, not a copy the browser kept from an earlier look.
    const response = await fetch(clip.url, { signal, cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    if (signal.aborted) throw error;
    throw damaged(clip, 'unloadable');
  }
  const input = new Input({ source: new BlobSource(blob), formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    if (!video && !audio) throw new Error('no tracks');
    const tracks = [video, audio].filter((track) => track !== null);
    // A clip lasts until its longest track ends, counted from zero as players count it: the
    // encoder's priming before zero (AAC's first packet) is not part of its length.
    const duration = await input.computeDuration(tracks);
    if (!Number.isFinite(duration) || duration <= 0) throw new Error('empty');
    const facts: ClipFacts = { video: video ? await videoFacts(video) : null, audio: audio ? await audioFacts(audio) : null };
    const frameRate = video ? (await video.computePacketStats(100)).averagePacketRate : FALLBACK_SIZE.frameRate;
    return { clip, input, video, audio, facts, duration, frameRate: frameRate > 0 ? frameRate : FALLBACK_SIZE.frameRate };
  } catch (error) {
    input.dispose();
    throw damaged(clip, 'not_media', error);
  }
}

function damaged(clip: JoinClip, how: 'unloadable' | 'damaged' | 'not_media' | 'cut_short' | 'codec', cause?: unknown): JoinError {
  const error: AppError = { code: 'clip_damaged', params: { line: clip.number, how } };
  return new JoinError(error, `Line ${clip.number}'s clip is ${how}.`, cause);
}

async function videoFacts(track: InputVideoTrack): Promise<NonNullable<ClipFacts['video']>> {
  const config = await track.getDecoderConfig();
  return {
    codec: (await track.getCodecParameterString()) ?? String(await track.getCodec()),
    config: hexOf(config?.description),
    width: await track.getDisplayWidth(),
    height: await track.getDisplayHeight(),
  };
}

async function audioFacts(track: InputAudioTrack): Promise<NonNullable<ClipFacts['audio']>> {
  const config = await track.getDecoderConfig();
  return {
    codec: (await track.getCodecParameterString()) ?? String(await track.getCodec()),
    config: hexOf(config?.description),
    sampleRate: await track.getSampleRate(),
    channels: await track.getNumberOfChannels(),
  };
}

function hexOf(description: AllowSharedBufferSource | undefined): string {
  if (!description) return '';
  const bytes = ArrayBuffer.isView(description)
    ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength)
    : new Uint8Array(description);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Copies every clip's packets, each clip's moved to start where the previous one ended. A sound
 * packet that would start before the previous clip's sound ends (the next clip's encoder priming,
 * before its zero) is left out: it would overlap, and the cut hides the few milliseconds.
 */
async function remux(opened: readonly Opened[], output: Output, signal: AbortSignal, progress: (done: number) => void): Promise<void> {
  const first = opened[0];
  if (!first?.video || !first.audio)
    throw new JoinError({ code: 'join_failed', params: { step: 'join' } }, 'The clips could not be joined.');
  const videoCodec = await first.video.getCodec();
  const audioCodec = await first.audio.getCodec();
  if (!videoCodec || !audioCodec) throw damaged(first.clip, 'codec');
  const video = new EncodedVideoPacketSource(videoCodec);
  const audio = new EncodedAudioPacketSource(audioCodec);
  output.addVideoTrack(video, { frameRate: Math.round(first.frameRate) });
  output.addAudioTrack(audio);
  await output.start();
  const videoMeta = { decoderConfig: (await first.video.getDecoderConfig()) ?? undefined };
  const audioMeta = { decoderConfig: (await first.audio.getDecoderConfig()) ?? undefined };
  let offset = 0;
  let videoEnd = -Infinity;
  let audioEnd = -Infinity;
  for (const [index, each] of opened.entries()) {
    await copyPackets(each, 'video', signal, async (packet) => {
      const timestamp = packet.timestamp + offset;
      await video.add(packet.clone({ timestamp }), videoEnd === -Infinity ? videoMeta : undefined);
      videoEnd = Math.max(videoEnd, timestamp + packet.duration);
    });
    await copyPackets(each, 'audio', signal, async (packet) => {
      const timestamp = packet.timestamp + offset;
      if (timestamp < audioEnd - 1e-6) return;
      await audio.add(packet.clone({ timestamp }), audioEnd === -Infinity ? audioMeta : undefined);
      audioEnd = timestamp + packet.duration;
    });
    offset += each.duration;
    progress((index + 1) / opened.length);
  }
  await output.finalize();
}

type Packet = Parameters<EncodedVideoPacketSource['add']>[0];

async function copyPackets(
  each: Opened,
  kind: 'video' | 'audio',
  signal: AbortSignal,
  add: (packet: Packet) => Promise<void>,
): Promise<void> {
  const track = kind === 'video' ? each.video : each.audio;
  if (!track) return;
  try {
    let end = 0;
    for await (const packet of new EncodedPacketSink(track).packets()) {
      signal.throwIfAborted();
      await add(packet);
      end = Math.max(end, packet.timestamp + packet.duration);
    }
    await checkWhole(track, end, each.clip);
  } catch (error) {
    if (signal.aborted || error instanceof JoinError) throw error;
    throw damaged(each.clip, 'damaged', error);
  }
}

/**
 * A file cut short (a broken download, a full disk) still has its index up front, so its reader
 * simply runs out of packets early: a track that ends well before its index says is damaged.
 */
async function checkWhole(track: InputVideoTrack | InputAudioTrack, end: number, clip: JoinClip): Promise<void> {
  const expected = await track.computeDuration();
  if (end < expected - 0.1) throw damaged(clip, 'cut_short');
}

type Frame = { width: number; height: number; frameRate: number; title: string };

/** The sound of a re-encoded scene: one rate and stereo for every clip, whatever each had. */
const SAMPLE_RATE = 48_000;

/** Decodes every clip and encodes it again into one picture size and one sound format. */
async function reencode(
  opened: readonly Opened[],
  output: Output,
  frame: Frame,
  signal: AbortSignal,
  progress: (done: number) => void,
): Promise<void> {
  const audioCodec = (await canEncodeAudio('aac', { numberOfChannels: 2, sampleRate: SAMPLE_RATE })) ? 'aac' : 'opus';
  const video = new VideoSampleSource({
    codec: 'avc',
    bitrate: QUALITY_HIGH,
    keyFrameInterval: 2,
    transform: { width: even(frame.width), height: even(frame.height), fit: 'contain' },
    sizeChangeBehavior: 'contain',
  });
  const audio = new SoundTrack(new AudioSampleSource({ codec: audioCodec, bitrate: QUALITY_HIGH }));
  output.addVideoTrack(video, { frameRate: Math.round(frame.frameRate) });
  output.addAudioTrack(audio.source);
  await output.start();
  let offset = 0;
  let still: OffscreenCanvas = titleCard(frame);
  for (const [index, each] of opened.entries()) {
    try {
      if (each.video) still = (await reencodeVideo(each.video, each.clip, video, offset, frame, signal)) ?? still;
      else await showStill(still, video, offset, each.duration);
      await audio.silenceUntil(offset);
      if (each.audio) await audio.addClip(each.audio, each.clip, signal);
    } catch (error) {
      if (signal.aborted || error instanceof JoinError) throw error;
      throw damaged(each.clip, 'damaged', error);
    }
    offset += each.duration;
    progress((index + 1) / opened.length);
  }
  await audio.silenceUntil(offset);
  await output.finalize();
}

/** Encodes a clip's frames; answers its last frame as a picture, for a narrator line after it. */
async function reencodeVideo(
  track: InputVideoTrack,
  clip: JoinClip,
  source: VideoSampleSource,
  offset: number,
  frame: Frame,
  signal: AbortSignal,
): Promise<OffscreenCanvas | null> {
  let last: VideoSample | null = null;
  let end = 0;
  for await (const sample of new VideoSampleSink(track).samples()) {
    signal.throwIfAborted();
    end = Math.max(end, sample.timestamp + sample.duration);
    sample.setTimestamp(sample.timestamp + offset);
    await source.add(sample);
    last?.close();
    last = sample;
  }
  await checkWhole(track, end, clip);
  if (!last) return null;
  const canvas = new OffscreenCanvas(even(frame.width), even(frame.height));
  const context = canvas.getContext('2d');
  if (context) {
    const scale = Math.min(canvas.width / last.displayWidth, canvas.height / last.displayHeight);
    const [width, height] = [last.displayWidth * scale, last.displayHeight * scale];
    context.fillStyle = '#000';
    context.fillRect(0, 0, canvas.width, canvas.height);
    last.draw(context, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
  }
  last.close();
  return canvas;
}

/** A picture held while a line with no picture plays: one frame a second, so seeking stays quick. */
async function showStill(still: OffscreenCanvas, source: VideoSampleSource, start: number, duration: number): Promise<void> {
  for (let at = 0; at < duration - 1e-6; at += 1) {
    const sample = new VideoSample(still, { timestamp: start + at, duration: Math.min(1, duration - at) });
    await source.add(sample, { keyFrame: at === 0 });
    sample.close();
  }
}

/**
 * The scene's sound as one gapless stream at one rate: each clip's decoded sound resampled to
 * stereo at SAMPLE_RATE (an encoder takes one format per track), silence where a clip has none.
 */
class SoundTrack {
  readonly source: AudioSampleSource;
  /** Seconds of sound written so far. */
  private at = 0;

  constructor(source: AudioSampleSource) {
    this.source = source;
  }

  async addClip(track: InputAudioTrack, clip: JoinClip, signal: AbortSignal): Promise<void> {
    let resampler: LinearResampler | null = null;
    let end = 0;
    for await (const sample of new AudioSampleSink(track).samples()) {
      signal.throwIfAborted();
      end = Math.max(end, sample.timestamp + sample.duration);
      // The encoder's priming before the clip's zero is not part of its sound.
      if (sample.timestamp + sample.duration <= 0) {
        sample.close();
        continue;
      }
      resampler ??= new LinearResampler(sample.sampleRate, SAMPLE_RATE);
      await this.write(resampler.push(planesOf(sample)));
      sample.close();
    }
    if (resampler) await this.write(resampler.flush());
    await checkWhole(track, end, clip);
  }

  /** Silence from where the sound is up to `seconds`. */
  async silenceUntil(seconds: number): Promise<void> {
    const frames = Math.round((seconds - this.at) * SAMPLE_RATE);
    for (let left = frames; left > 0; left -= SAMPLE_RATE) {
      const length = Math.min(SAMPLE_RATE, left);
      await this.write([new Float32Array(length), new Float32Array(length)]);
    }
  }

  private async write(planes: Float32Array[]): Promise<void> {
    const length = planes[0]?.length ?? 0;
    if (length === 0) return;
    const data = new Float32Array(length * 2);
    data.set(planes[0] ?? [], 0);
    data.set(planes[1] ?? [], length);
    const sample = new AudioSample({ data, format: 'f32-planar', numberOfChannels: 2, sampleRate: SAMPLE_RATE, timestamp: this.at });
    await this.source.add(sample);
    sample.close();
    this.at += length / SAMPLE_RATE;
  }
}

function planesOf(sample: AudioSample): Float32Array[] {
  return Array.from({ length: sample.numberOfChannels }, (_, planeIndex) => {
    const plane = new Float32Array(sample.numberOfFrames);
    sample.copyTo(plane, { planeIndex, format: 'f32-planar' });
    return plane;
  });
}

function titleCard(frame: Frame): OffscreenCanvas {
  const canvas = new OffscreenCanvas(even(frame.width), even(frame.height));
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.fillStyle = '#111418';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#f4f1ea';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `600 ${Math.round(canvas.height / 12)}px system-ui, sans-serif`;
  context.fillText(frame.title.trim() || 'Scene', canvas.width / 2, canvas.height / 2, canvas.width * 0.9);
  return canvas;
}

/** H.264 wants even picture sizes. */
function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
