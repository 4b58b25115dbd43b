import type { Media, PortraitInput, PortraitOutput } from './mediaRenderer.ts';
import { avatarSvg } from './avatar.ts';
import { backdropSvg, watermarkSvg } from './backdrop.ts';
import { meanColour, renderableImage } from './imageInput.ts';
import { applyDetails, lookOf, type Look } from './look.ts';
import { imageTag, svgToPng, thumbnailOf } from './raster.ts';
import { rngOf, seedOf } from './seed.ts';

export const HEADSHOT_SIZE = 768;
export const FULLBODY_SIZE = { width: 768, height: 1152 } as const;
/** tEXt key where a headshot records its mouth (x,y,width as fractions), read back by talk clips. */
export const MOUTH_KEY = 'cast-studio:mouth';
/** iTXt key where a full body carries its figure as SVG on a transparent ground, for compositing. */
export const FIGURE_KEY = 'cast-studio:figure';

/**
 * Headshot and full body of one character version. Same traits give the same bytes; an edit
 * (customDetails) changes what it names; a full regeneration after version 1 draws a new variation.
 */
export async function renderPortraits(input: PortraitInput): Promise<PortraitOutput> {
  const references = await Promise.all(input.referenceImages.slice(0, 4).map((m, i) => renderableImage(m, `reference image ${i + 1}`)));
  const edit = input.customDetails?.trim() ?? '';
  const extra: unknown[] = references.map((r) => seedOf(Buffer.from(r.bytes).toString('base64')));
  if (!edit && input.version > 1) extra.push('regeneration', input.version);
  let look = lookOf(input.parameters, extra);
  const firstReference = references[0];
  if (firstReference) {
    // spec 2.2 creationType image: the reference sets the palette the character is dressed in.
    const colour = meanColour(firstReference);
    look = { ...look, clothes: colour, backdrop: [look.backdrop[0], colour] };
  }
  if (edit) look = applyDetails(look, edit, true);
  const headshot = headshotPng(look);
  const fullbody = fullbodyPng(look, firstReference ?? null);
  return {
    headshot,
    fullbody,
    headshotThumb: thumbnailOf(headshot, HEADSHOT_SIZE, HEADSHOT_SIZE, 256),
    fullbodyThumb: thumbnailOf(fullbody, FULLBODY_SIZE.width, FULLBODY_SIZE.height, 256),
  };
}

/**
 * The avatar drawn inline at a square box. Inline, not as an <image>: the full body's figure is
 * itself embedded as an image later, and resvg does not load images nested inside images.
 */
function avatarImage(look: Look, x: number, y: number, size: number): string {
  const { svg } = avatarSvg(look);
  const viewBox = /viewBox="0 0 ([\d.]+) [\d.]+"/.exec(svg)?.[1];
  const inner = svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<metadata>[\s\S]*?<\/metadata>/, '')
    .replace(/id="([^"]+)"/g, 'id="av-$1"')
    .replace(/url\(#([^)]+)\)/g, 'url(#av-$1)')
    .replace(/href="#([^"]+)"/g, 'href="#av-$1"');
  const scale = size / Number(viewBox ?? size);
  return `<g transform="translate(${x} ${y}) scale(${scale.toFixed(5)})">${inner}</g>`;
}

function headshotPng(look: Look): Media {
  const s = HEADSHOT_SIZE;
  const rng = rngOf(seedOf(look, 'headshot'));
  const box = Math.round(s * 0.86);
  const x = Math.round((s - box) / 2);
  const y = Math.round(s * 0.12);
  const { mouth } = avatarSvg(look);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">` +
    backdropSvg('bg', s, s, look.backdrop, rng) +
    `<circle cx="${s / 2}" cy="${y + box * 0.48}" r="${box * 0.47}" fill="none" stroke="#${look.eyes}" stroke-width="${s * 0.018}" opacity="0.55"/>` +
    behind(look, s / 2, y + box * 0.45, box) +
    avatarImage(look, x, y, box) +
    inFront(look, s / 2, y, box) +
    watermarkSvg(s, s) +
    '</svg>';
  const anchor = [(x + mouth.x * box) / s, (y + mouth.y * box) / s, (mouth.width * box) / s].map((v) => v.toFixed(4)).join(',');
  return svgToPng(svg, { [MOUTH_KEY]: anchor, Description: `Headshot (${look.style})` });
}

function shade(hex: string, factor: number): string {
  return [0, 2, 4]
    .map((i) =>
      Math.max(0, Math.min(255, Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * factor)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
}

function fullbodyPng(look: Look, reference: Media | null): Media {
  const { width: w, height: h } = FULLBODY_SIZE;
  const rng = rngOf(seedOf(look, 'fullbody'));
  const floor = h * 0.93;
  const height = Math.min(h * 0.84 * look.scale, floor - h * 0.03);
  const head = height * 0.36;
  const top = floor - height;
  const cx = w / 2;
  const r = (n: number): string => n.toFixed(1);
  const inset = reference ? referenceInset(reference, w) : '';
  const figure =
    behind(look, cx, top + head * 0.45, head) +
    bodySvg(look, { cx, top, floor, height, head }) +
    avatarImage(look, Math.round(cx - head / 2), Math.round(top), Math.round(head)) +
    inFront(look, cx, top, head);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;
  const svg =
    open +
    backdropSvg('bg', w, h, look.backdrop, rng) +
    `<rect y="${r(floor)}" width="${w}" height="${r(h - floor)}" fill="#000000" opacity="0.12"/>` +
    figure +
    inset +
    watermarkSvg(w, h) +
    '</svg>';
  return svgToPng(svg, { Description: `Full body (${look.style})` }, { [FIGURE_KEY]: `${open}${figure}</svg>` });
}

/** The figure's body below its head: shadow, legs, shoes, arms, hands, torso and belt. */
function bodySvg(
  look: Look,
  { cx, top, floor, height, head }: { cx: number; top: number; floor: number; height: number; head: number },
): string {
  const torsoTop = top + head * 0.8;
  const torsoH = height * 0.34;
  const torsoW = head * 0.62;
  const legTop = torsoTop + torsoH - height * 0.02;
  const legH = floor - legTop - height * 0.03;
  const legW = torsoW * 0.36;
  const armW = torsoW * 0.22;
  const robot = look.style === 'bottts';
  const skin = robot ? shade(look.clothes, 0.8) : look.skin;
  const trousers = robot ? shade(look.clothes, 0.6) : shade(look.clothes, 0.45);
  const r = (n: number): string => n.toFixed(1);
  return [
    `<ellipse cx="${r(cx)}" cy="${r(floor)}" rx="${r(torsoW * 0.9)}" ry="${r(height * 0.025)}" fill="#000000" opacity="0.22"/>`,
    `<rect x="${r(cx - torsoW * 0.42)}" y="${r(legTop)}" width="${r(legW)}" height="${r(legH)}" rx="${r(legW * 0.3)}" fill="#${trousers}"/>`,
    `<rect x="${r(cx + torsoW * 0.42 - legW)}" y="${r(legTop)}" width="${r(legW)}" height="${r(legH)}" rx="${r(legW * 0.3)}" fill="#${trousers}"/>`,
    `<ellipse cx="${r(cx - torsoW * 0.42 + legW * 0.45)}" cy="${r(floor - height * 0.025)}" rx="${r(legW * 0.75)}" ry="${r(height * 0.025)}" fill="#2b2b2b"/>`,
    `<ellipse cx="${r(cx + torsoW * 0.42 - legW * 0.45)}" cy="${r(floor - height * 0.025)}" rx="${r(legW * 0.75)}" ry="${r(height * 0.025)}" fill="#2b2b2b"/>`,
    `<rect x="${r(cx - torsoW / 2 - armW * 0.9)}" y="${r(torsoTop + head * 0.05)}" width="${r(armW)}" height="${r(torsoH * 0.95)}" rx="${r(armW / 2)}" fill="#${shade(look.clothes, 0.85)}" transform="rotate(6 ${r(cx - torsoW / 2)} ${r(torsoTop)})"/>`,
    `<rect x="${r(cx + torsoW / 2 - armW * 0.1)}" y="${r(torsoTop + head * 0.05)}" width="${r(armW)}" height="${r(torsoH * 0.95)}" rx="${r(armW / 2)}" fill="#${shade(look.clothes, 0.85)}" transform="rotate(-6 ${r(cx + torsoW / 2)} ${r(torsoTop)})"/>`,
    `<circle cx="${r(cx - torsoW / 2 - armW * 0.2)}" cy="${r(torsoTop + head * 0.05 + torsoH * 0.97)}" r="${r(armW * 0.55)}" fill="#${skin}"/>`,
    `<circle cx="${r(cx + torsoW / 2 + armW * 0.2)}" cy="${r(torsoTop + head * 0.05 + torsoH * 0.97)}" r="${r(armW * 0.55)}" fill="#${skin}"/>`,
    `<rect x="${r(cx - torsoW / 2)}" y="${r(torsoTop)}" width="${r(torsoW)}" height="${r(torsoH)}" rx="${r(torsoW * 0.22)}" fill="#${look.clothes}"/>`,
    `<rect x="${r(cx - torsoW / 2)}" y="${r(torsoTop + torsoH * 0.78)}" width="${r(torsoW)}" height="${r(torsoH * 0.07)}" fill="#${shade(look.clothes, 0.55)}"/>`,
  ].join('');
}

/** The reference image the character was made from, framed in the top-left corner. */
function referenceInset(reference: Media, w: number): string {
  const r = (n: number): string => n.toFixed(1);
  return `<g><rect x="${r(w * 0.04 - 6)}" y="${r(w * 0.04 - 6)}" width="${r(w * 0.22 + 12)}" height="${r(w * 0.22 + 12)}" rx="8" fill="#ffffff" opacity="0.9"/>${imageTag(reference, Math.round(w * 0.04), Math.round(w * 0.04), Math.round(w * 0.22), Math.round(w * 0.22), 'cover')}</g>`;
}

/** Fantasy traits drawn behind the figure: aura and wings. */
function behind(look: Look, cx: number, cy: number, size: number): string {
  const parts: string[] = [];
  if (look.fantasy.aura) {
    parts.push(
      `<defs><radialGradient id="aura"><stop offset="0" stop-color="#${look.clothes}" stop-opacity="0.75"/><stop offset="1" stop-color="#${look.clothes}" stop-opacity="0"/></radialGradient></defs>` +
        `<circle cx="${cx}" cy="${cy}" r="${size * 0.75}" fill="url(#aura)"/>`,
    );
  }
  if (look.fantasy.wings) {
    const wing = (dir: number): string => {
      const x0 = cx + dir * size * 0.15;
      const y0 = cy + size * 0.35;
      return `<path d="M ${x0} ${y0} C ${x0 + dir * size * 0.5} ${y0 - size * 0.7}, ${x0 + dir * size * 0.95} ${y0 - size * 0.35}, ${x0 + dir * size * 0.85} ${y0 + size * 0.25} C ${x0 + dir * size * 0.6} ${y0 + size * 0.05}, ${x0 + dir * size * 0.4} ${y0 + size * 0.35}, ${x0} ${y0} Z" fill="#${shade(look.clothes, 1.25)}" stroke="#${shade(look.clothes, 0.6)}" stroke-width="${size * 0.012}" opacity="0.9"/>`;
    };
    parts.push(wing(-1), wing(1));
  }
  return parts.join('');
}

/** Fantasy traits drawn over the head: horns and halo. */
function inFront(look: Look, cx: number, top: number, size: number): string {
  const parts: string[] = [];
  if (look.fantasy.horns) {
    const horn = (dir: number): string => {
      const x0 = cx + dir * size * 0.16;
      const y0 = top + size * 0.2;
      return `<path d="M ${x0 - size * 0.05} ${y0} Q ${x0 + dir * size * 0.12} ${y0 - size * 0.1} ${x0 + dir * size * 0.2} ${y0 - size * 0.2} Q ${x0 + dir * size * 0.06} ${y0 - size * 0.02} ${x0 + size * 0.05} ${y0 + size * 0.02} Z" fill="#${shade(look.hair, 0.7)}" stroke="#1c1c1c" stroke-width="${size * 0.008}"/>`;
    };
    parts.push(horn(-1), horn(1));
  }
  if (look.fantasy.halo) {
    parts.push(
      `<ellipse cx="${cx}" cy="${top + size * 0.03}" rx="${size * 0.24}" ry="${size * 0.06}" fill="none" stroke="#ffd54f" stroke-width="${size * 0.025}" opacity="0.95"/>`,
    );
  }
  return parts.join('');
}
