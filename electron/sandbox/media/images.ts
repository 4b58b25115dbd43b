import type { GenerationInput, RenderedOutput } from './mediaRenderer.ts';
import { captionSvg, watermarkSvg } from './backdrop.ts';
import { frameSize } from './frameSize.ts';
import { renderableImage } from './imageInput.ts';
import { svgToPng, thumbnailOf } from './raster.ts';
import { seedOf } from './seed.ts';
import { hashOf, stillSvg } from './still.ts';

const LONG_SIDE = 1024;
const HD_LONG_SIDE = 2048;

/** spec 4.2 image: PNG in the aspect ratio, larger with hd; mode, style and inputs shape the picture. */
export async function renderImage(input: GenerationInput): Promise<RenderedOutput> {
  const o = input.options;
  const mode = o.image_mode ?? 'generate';
  const { width, height } = frameSize(o.aspect_ratio, o.hd ? HD_LONG_SIDE : LONG_SIDE);
  const references = await Promise.all(
    input.assets.referenceImages.slice(0, 3).map((m, i) => renderableImage(m, `reference image ${i + 1}`)),
  );
  const inputImage = input.assets.inputImage ? await renderableImage(input.assets.inputImage, 'input image') : null;
  if (mode === 'edit' && !inputImage) throw new Error('Image edit needs input_image: the image to transform.');
  const base = inputImage ?? references[0] ?? null;
  const character = o.include_character === false ? null : input.character.fullbody;
  const seed = seedOf(
    'image',
    input.prompt,
    input.model,
    mode,
    o.style ?? null,
    o.aspect_ratio ?? null,
    !!o.hd,
    hashOf(character),
    hashOf(inputImage),
    references.map(hashOf),
  );
  const body = stillSvg({
    width,
    height,
    prompt: input.prompt,
    style: o.style,
    seed,
    mode,
    base,
    character,
    // a remix starts from the first reference when there is no input image; the rest are shown
    references: mode === 'remix' && !inputImage ? references.slice(1) : references,
  });
  const label = `${mode}${o.style ? ` · ${o.style}` : ''}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}` +
    captionSvg(width, height, input.prompt, label) +
    watermarkSvg(width, height) +
    '</svg>';
  const output = svgToPng(svg, { Description: `${mode} image: ${input.prompt.slice(0, 200)}` });
  return { output, thumbnail: thumbnailOf(output, width, height), durationSeconds: null };
}
