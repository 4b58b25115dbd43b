import { afterAll, describe, expect, it } from 'vitest';
import { createRealRenderer } from '../../../../../electron/sandbox/media/realRenderer.ts';
import { isPng } from '../../../../../electron/sandbox/media/png.ts';
import { HUMAN, generation } from './fixtures.ts';

const renderer = await createRealRenderer();
afterAll(() => renderer.close());

describe('the real renderer', { timeout: 30_000 }, () => {
  it('renders in its worker thread while the calling thread stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const portraits = await renderer.portraits({
      characterId: 'c',
      version: 1,
      parameters: HUMAN,
      customDetails: null,
      referenceImages: [],
    });
    const image = await renderer.image(generation({ aspect_ratio: '16:9', hd: true }, 'A wide shot', {}, { ...portraits, name: 'Ava' }));
    clearInterval(timer);
    expect(isPng(portraits.headshot.bytes) && isPng(image.output.bytes)).toBe(true);
    expect(ticks).toBeGreaterThan(5);
  });

  it('turns a render failure into a rejected promise with its message', async () => {
    await expect(
      renderer.image(
        generation(
          { image_mode: 'edit' },
          'no input',
          {},
          {
            headshot: { bytes: new Uint8Array(), contentType: 'image/png' },
            fullbody: { bytes: new Uint8Array(), contentType: 'image/png' },
            name: 'X',
          },
        ),
      ),
    ).rejects.toThrow(/input_image/);
  });
});
