import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { LibraryDatabase } from '../../../electron/core/library/libraryDatabase.ts';
import { seedPrompt } from '../../support/seedPrompts.ts';

/** A word one item in a hundred carries, so a search has a known, partial answer. */
export const RARE_WORD = 'aurora';
const NAMES = ['Mira Vale', 'Jonas Reed', 'Ines Duarte', 'Kai Moreau', 'Lena Hart'];
const DAY = 86_400_000;

/** The shapes the service makes (spec 4.2 aspect_ratio), each with its thumbnail's size: 256 px on the long side. */
export const THUMB_SHAPES = [
  { aspect: '1:1', width: 256, height: 256 },
  { aspect: '16:9', width: 256, height: 144 },
  { aspect: '9:16', width: 144, height: 256 },
  { aspect: '4:5', width: 205, height: 256 },
  { aspect: '3:4', width: 192, height: 256 },
  { aspect: '4:3', width: 256, height: 192 },
  { aspect: '21:9', width: 256, height: 110 },
] as const;

export type Thumbnail = { contentId: string; bytes: Buffer; aspect: string; width: number; height: number };

/**
 * `distinct` real baseline JPEG thumbnails (jpeg-js), in the shapes above by turns, each a gradient
 * of its own hue with a few bands so it decodes like a picture rather than a flat colour.
 */
export function makeMixedThumbnails(distinct: number): Thumbnail[] {
  const out: Thumbnail[] = [];
  for (let n = 0; n < distinct; n += 1) {
    const shape = THUMB_SHAPES[n % THUMB_SHAPES.length]!;
    const { width, height } = shape;
    const data = Buffer.alloc(width * height * 4);
    const hue = (n * 137) % 256;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        data[i] = (hue + x) % 256;
        data[i + 1] = (n * 7 + y + ((x >> 4) % 2) * 40) % 256;
        data[i + 2] = (x * y + n) % 256;
        data[i + 3] = 255;
      }
    }
    const bytes = Buffer.from(jpeg.encode({ data, width, height }, 72).data);
    out.push({ contentId: createHash('sha256').update(bytes).digest('hex'), bytes, aspect: shape.aspect, width, height });
  }
  return out;
}

/**
 * Seeds a library of `count` finished items whose pictures come in every shape: rows written
 * straight into core's library database through its own module (LibraryDatabase opens it with
 * core's migrations; the FTS index fills through its triggers), with `distinct` real JPEG
 * thumbnails in the media store as content-addressed files, reused across items. Each picture's
 * options carry the aspect ratio it was made at, as the service's records do. One item in ten is
 * speech (no thumbnail). Run it on a user data folder whose sandbox profile exists and whose host
 * is stopped.
 */
export function seedMixedGallery(userDataDir: string, count: number, distinct = 350): { seconds: number } {
  const started = performance.now();
  const library = LibraryDatabase.open(join(userDataDir, 'profiles', 'sandbox', 'library.db'));
  const mediaRoot = join(userDataDir, 'media', 'sandbox');
  const thumbs = makeMixedThumbnails(distinct);
  const now = Date.now();
  library.transaction(() => {
    for (const thumb of thumbs) {
      mkdirSync(join(mediaRoot, thumb.contentId.slice(0, 2)), { recursive: true });
      writeFileSync(join(mediaRoot, thumb.contentId.slice(0, 2), thumb.contentId), thumb.bytes);
      library.run(
        'INSERT OR IGNORE INTO media (content_id, size, content_type, created_at) VALUES (?, ?, ?, ?)',
        thumb.contentId,
        thumb.bytes.length,
        'image/jpeg',
        new Date(now).toISOString(),
      );
    }
    for (let i = 0; i < count; i += 1) {
      const kind = i % 10 === 9 ? 'audio' : i % 10 >= 7 ? 'video' : i % 10 === 6 ? 'talk' : 'image';
      const name = NAMES[i % NAMES.length]!;
      const prompt = seedPrompt(name, i, i % 100 === 42 ? RARE_WORD : undefined);
      const thumb = kind === 'audio' ? null : thumbs[i % thumbs.length]!;
      const options = thumb ? { aspect_ratio: thumb.aspect } : {};
      const created = new Date(now - (i + 1) * ((365 * DAY) / count)).toISOString();
      library.run(
        `INSERT INTO library_items (id, kind, status, title, prompt, speech_text, character_id, character_name, model, options_json, credits_used,
                                    media_id, thumb_id, media_type, favorite, error_message, created_at, completed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
        randomUUID(),
        kind,
        kind === 'audio' ? 'ready' : 'completed',
        prompt.slice(0, 80),
        kind === 'audio' ? null : prompt,
        kind === 'audio' ? prompt : null,
        `bench-character-${i % NAMES.length}`,
        name,
        kind === 'audio' ? 'voice-model-a' : 'image-model-a',
        JSON.stringify(options),
        kind === 'video' ? 15 : 2,
        thumb?.contentId ?? null,
        thumb?.contentId ?? null,
        thumb ? 'image/jpeg' : null,
        i % 37 === 0 ? 1 : 0,
        created,
        created,
      );
    }
  });
  library.close();
  return { seconds: (performance.now() - started) / 1000 };
}
