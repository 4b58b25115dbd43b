import { describe, expect, it } from 'vitest';
import { FULLBODY_SIZE, HEADSHOT_SIZE, MOUTH_KEY } from '../../../../../electron/sandbox/media/portraits.ts';
import { isPng, pngSize, readPngText } from '../../../../../electron/sandbox/media/png.ts';
import { renderPortraits } from '../../../../../electron/sandbox/media/portraits.ts';
import { runFfmpeg } from '../../../../../electron/sandbox/media/ffmpeg.ts';
import { HUMAN, OTHER_HUMAN, isJpeg, portraitsOf, same } from './fixtures.ts';

describe('character portraits', { timeout: 30_000 }, () => {
  it('are PNG headshot and full body of fixed sizes, labelled as sandbox output, with JPEG thumbnails', async () => {
    const p = await portraitsOf(HUMAN);
    expect(isPng(p.headshot.bytes)).toBe(true);
    expect(pngSize(p.headshot.bytes)).toEqual({ width: HEADSHOT_SIZE, height: HEADSHOT_SIZE });
    expect(pngSize(p.fullbody.bytes)).toEqual(FULLBODY_SIZE);
    expect(readPngText(p.headshot.bytes).Software).toBe('Cast Studio sandbox');
    expect(readPngText(p.headshot.bytes)[MOUTH_KEY]).toMatch(/^[\d.]+,[\d.]+,[\d.]+$/);
    expect(isJpeg(p.headshotThumb) && isJpeg(p.fullbodyThumb)).toBe(true);
  });

  it('give byte-identical files for the same traits and different files for different traits', async () => {
    const [a, b, c] = await Promise.all([portraitsOf(HUMAN), portraitsOf(HUMAN), portraitsOf(OTHER_HUMAN)]);
    expect(same(a.headshot, b.headshot) && same(a.fullbody, b.fullbody)).toBe(true);
    expect(same(a.headshot, c.headshot)).toBe(false);
    expect(same(a.fullbody, c.fullbody)).toBe(false);
  });

  it('change deterministically with the custom details of a regeneration', async () => {
    const [base, edited, again, other] = await Promise.all([
      portraitsOf(HUMAN),
      portraitsOf(HUMAN, 'red hair and glasses', 2),
      portraitsOf(HUMAN, 'red hair and glasses', 2),
      portraitsOf(HUMAN, 'a calmer look', 2),
    ]);
    expect(same(base.headshot, edited.headshot)).toBe(false);
    expect(same(edited.headshot, again.headshot)).toBe(true);
    expect(same(edited.headshot, other.headshot)).toBe(false);
  });

  it('follow every kind of creation: a fantasy creature differs from a human with the same mood', async () => {
    const fantasy = await portraitsOf({
      creationType: 'fantasy',
      creatureType: 'dragon',
      colorScheme: 'emerald',
      creatureSize: 'small',
      artStyle: 'watercolor',
      mood: 'happy',
    });
    const human = await portraitsOf({ ...HUMAN, artStyle: 'watercolor' });
    expect(same(fantasy.fullbody, human.fullbody)).toBe(false);
  });

  it('use reference images of an image creation, WebP included, and reject unreadable ones clearly', async () => {
    const parameters = { creationType: 'image', artStyle: 'cartoon', mood: 'calm' } as const;
    const reference = (await portraitsOf(OTHER_HUMAN)).headshot;
    const webp = await runFfmpeg({
      args: ['-f', 'png_pipe', '-i', 'pipe:0', '-c:v', 'libwebp', '-f', 'webp', 'pipe:1'],
      input: reference.bytes,
      purpose: 'make a WebP fixture',
    });
    const render = (referenceImages: { bytes: Uint8Array; contentType: string }[]) =>
      renderPortraits({ characterId: 'c', version: 1, parameters, customDetails: null, referenceImages });
    const without = await render([]);
    const withPng = await render([reference]);
    const withWebp = await render([{ bytes: webp, contentType: 'image/webp' }]);
    expect(same(without.fullbody, withPng.fullbody)).toBe(false);
    expect(same(without.fullbody, withWebp.fullbody)).toBe(false);
    await expect(render([{ bytes: new Uint8Array([1, 2, 3, 4]), contentType: 'image/png' }])).rejects.toThrow(
      /reference image 1 could not be read/,
    );
  });
});
