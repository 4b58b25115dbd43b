import { describe, expect, it } from 'vitest';
import { renderVideo } from '../../../../../electron/sandbox/media/video.ts';
import { character, generation, isJpeg, same } from './fixtures.ts';
import { probe } from './probe.ts';

const PROMPT = 'Ava walks by a lake in the mountains';

// Real encodes on a shared 2-core machine: generous time, short clips.
describe('videos', { timeout: 60_000 }, () => {
  it('are MP4 H.264 + AAC of the requested duration and aspect ratio, labelled, with a JPEG poster', async () => {
    const r = await renderVideo(
      generation(
        { aspect_ratio: '16:9', duration: 5, quality: 'standard', generate_audio: true, video_mode: 'create', include_character: true },
        PROMPT,
        {},
        await character(),
      ),
    );
    const p = probe(r.output.bytes);
    expect(r.output.contentType).toBe('video/mp4');
    expect(p.format).toContain('mp4');
    expect(p.video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 1280, height: 720 });
    expect(p.audio?.codec).toBe('aac');
    expect(Math.abs(p.duration - 5)).toBeLessThanOrEqual(0.1);
    expect(r.durationSeconds).toBe(5);
    expect(p.comment).toBe('Cast Studio sandbox');
    expect(isJpeg(r.thumbnail)).toBe(true);
  });

  it('follow a portrait aspect ratio and leave the audio out when generate_audio is off', async () => {
    const r = await renderVideo(
      generation(
        { aspect_ratio: '9:16', duration: 2, quality: 'standard', generate_audio: false, video_mode: 'create' },
        PROMPT,
        {},
        await character(),
      ),
    );
    const p = probe(r.output.bytes);
    expect(p.video).toMatchObject({ width: 720, height: 1280 });
    expect(p.audio).toBeNull();
    expect(Math.abs(p.duration - 2)).toBeLessThanOrEqual(0.1);
  });

  it('look different in each mode', async () => {
    const who = await character();
    const source = await renderVideo(generation({ aspect_ratio: '1:1', duration: 2, video_mode: 'create' }, PROMPT, {}, who));
    const modes = ['create', 'extend', 'remix', 'edit'] as const;
    const posters = [];
    for (const video_mode of modes) {
      const r = await renderVideo(
        generation(
          { aspect_ratio: '1:1', duration: 1, video_mode, keep_original_sound: false },
          PROMPT,
          { referenceVideo: source.output },
          who,
        ),
      );
      expect(probe(r.output.bytes).video).toMatchObject({ codec: 'h264', width: 1280, height: 1280 });
      posters.push(r.thumbnail);
    }
    for (let i = 0; i < posters.length; i += 1) {
      for (let j = i + 1; j < posters.length; j += 1) expect(same(posters[i]!, posters[j]!)).toBe(false);
    }
  });

  it('fails a remix without a reference video with a clear message', async () => {
    await expect(renderVideo(generation({ duration: 2, video_mode: 'remix' }, PROMPT, {}, await character()))).rejects.toThrow(
      /reference_video/,
    );
  });
});
