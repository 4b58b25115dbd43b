import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPlaceholderRenderer, png, wav } from '../../../../../electron/sandbox/media/placeholderRenderer.ts';
import { loadRenderer } from '../../../../../electron/sandbox/rendererLoader.ts';
import { parseRange } from '../../../../../electron/sandbox/resources/cdn.ts';
import { KeyedMutex } from '../../../../../electron/sandbox/keyedMutex.ts';

describe('placeholder media', () => {
  it('builds a valid PNG (signature, IHDR size, inflatable IDAT)', () => {
    const { bytes, contentType } = png('seed', 5, 3);
    const b = Buffer.from(bytes);
    expect(contentType).toBe('image/png');
    expect(b.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(b.toString('latin1', 12, 16)).toBe('IHDR');
    expect(b.readUInt32BE(16)).toBe(5);
    expect(b.readUInt32BE(20)).toBe(3);
    const idatLength = b.readUInt32BE(33);
    expect(inflateSync(b.subarray(41, 41 + idatLength)).length).toBe(3 * (1 + 5 * 3));
  });

  it('builds a valid WAV whose sizes agree', () => {
    const b = Buffer.from(wav(0.5, 440).bytes);
    expect(b.toString('latin1', 0, 4)).toBe('RIFF');
    expect(b.toString('latin1', 8, 12)).toBe('WAVE');
    expect(b.readUInt32LE(4)).toBe(b.length - 8);
    expect(b.readUInt32LE(40)).toBe(b.length - 44);
  });

  it('renders every kind of output', async () => {
    const r = createPlaceholderRenderer();
    const p = await r.portraits({
      characterId: 'c',
      version: 1,
      parameters: { creationType: 'human', artStyle: 'x' },
      customDetails: null,
      referenceImages: [],
    });
    expect(p.headshot.contentType).toBe('image/png');
    const s = await r.speech({
      text: 'hello',
      emotion: 'auto',
      model: 'voice-model-a',
      voice: { id: 'v', name: 'V', pitch: 1, speed: 1, variant: 'a' },
      language: null,
    });
    expect(s.output.contentType).toBe('audio/wav');
    expect(s.durationSeconds).toBeGreaterThan(0);
    const v = await r.analyzeVoice({ sample: null, description: 'warm', name: 'V' });
    expect(v.pitch).toBeGreaterThan(0);
  });

  it('loads the placeholder when asked for it', async () => {
    const r = await loadRenderer(() => undefined, 'placeholder');
    expect(
      (
        await r.image({
          generationId: 'g',
          prompt: 'p',
          model: 'm',
          options: {},
          character: { name: 'n', headshot: png('a', 1, 1), fullbody: png('b', 1, 1) },
          assets: { referenceImages: [], inputImage: null, startFrame: null, referenceVideo: null, audio: null },
        })
      ).output.contentType,
    ).toBe('image/png');
  });
});

describe('CDN ranges', () => {
  it('parses single ranges and flags unsatisfiable ones', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual([0, 9]);
    expect(parseRange('bytes=90-', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=-10', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=0-500', 100)).toEqual([0, 99]);
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('KeyedMutex', () => {
  it('runs work for one key one at a time, and other keys freely', async () => {
    const m = new KeyedMutex();
    const order: string[] = [];
    const slow = (tag: string, ms: number) => async () => {
      order.push(`${tag}+`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${tag}-`);
    };
    await Promise.all([m.run('a', slow('a1', 30)), m.run('a', slow('a2', 1)), m.run('b', slow('b1', 5))]);
    expect(order.indexOf('a1-')).toBeLessThan(order.indexOf('a2+'));
    expect(order.indexOf('b1+')).toBeLessThan(order.indexOf('a1-'));
  });
});
