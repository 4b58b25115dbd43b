import { describe, expect, it } from 'vitest';
import type { AspectRatio } from '../../../../../shared/api/index.ts';
import { renderImage } from '../../../../../electron/sandbox/media/images.ts';
import { isPng, pngSize, readPngText } from '../../../../../electron/sandbox/media/png.ts';
import { character, generation, isJpeg, same } from './fixtures.ts';

const PROMPT = 'Ava on a city street at night';

async function image(options: Parameters<typeof generation>[0], assets: Parameters<typeof generation>[2] = {}) {
  return renderImage(generation(options, PROMPT, assets, await character()));
}

describe('images', { timeout: 30_000 }, () => {
  it.each<[AspectRatio, boolean, number, number]>([
    ['1:1', false, 1024, 1024],
    ['16:9', false, 1024, 576],
    ['9:16', false, 576, 1024],
    ['21:9', false, 1024, 438],
    ['4:5', false, 820, 1024],
    ['16:9', true, 2048, 1152],
  ])('are PNG of the aspect ratio %s (hd %s): %ix%i', async (aspect_ratio, hd, width, height) => {
    const r = await image({ aspect_ratio, hd, image_mode: 'generate', include_character: true });
    expect(isPng(r.output.bytes)).toBe(true);
    expect(pngSize(r.output.bytes)).toEqual({ width, height });
    expect(readPngText(r.output.bytes).Software).toBe('Cast Studio sandbox');
    expect(isJpeg(r.thumbnail)).toBe(true);
    expect(r.thumbnail.bytes.length).toBeLessThan(r.output.bytes.length);
  });

  it('are byte-identical for identical inputs', async () => {
    const options = { aspect_ratio: '4:3', style: 'cinematic', image_mode: 'generate', include_character: true } as const;
    expect(same((await image(options)).output, (await image(options)).output)).toBe(true);
  });

  it('change with style, include_character and image_mode, and use the input image', async () => {
    const base = { aspect_ratio: '1:1', style: 'cinematic', image_mode: 'generate', include_character: true } as const;
    const plain = (await image(base)).output;
    const noir = (await image({ ...base, style: 'noir' })).output;
    const alone = (await image({ ...base, include_character: false })).output;
    const who = await character();
    const edit = (await image({ ...base, image_mode: 'edit' }, { inputImage: who.headshot })).output;
    const remix = (await image({ ...base, image_mode: 'remix' }, { inputImage: who.headshot })).output;
    const withRefs = (await image(base, { referenceImages: [who.headshot] })).output;
    const all = [plain, noir, alone, edit, remix, withRefs].map((m) => Buffer.from(m.bytes).toString('base64'));
    expect(new Set(all).size).toBe(all.length);
  });

  it('fails an edit without an input image with a clear message', async () => {
    await expect(image({ aspect_ratio: '1:1', image_mode: 'edit' })).rejects.toThrow(/input_image/);
  });
});
