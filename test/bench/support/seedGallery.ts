import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { LibraryDatabase } from '../../../electron/core/library/libraryDatabase.ts';

/** A word one item in a hundred carries, so a search has a known, partial answer. */
export const RARE_WORD = 'aurora';
const PLACES = ['harbor', 'forest', 'desert', 'city', 'studio', 'castle', 'market', 'library', 'canyon', 'garden'];
const MOODS = ['at dusk', 'in the rain', 'under neon light', 'at noon', 'in fog', 'by candlelight'];
const NAMES = ['Mira Vale', 'Jonas Reed', 'Ines Duarte', 'Kai Moreau', 'Lena Hart'];
const DAY = 86_400_000;

/** `distinct` small JPEG thumbnails (gradients of different hues), content-addressed like core's store. */
export function makeThumbnails(distinct: number, size = 192): { contentId: string; bytes: Buffer }[] {
  const out: { contentId: string; bytes: Buffer }[] = [];
  for (let n = 0; n < distinct; n += 1) {
    const data = Buffer.alloc(size * size * 4);
    const hue = (n * 137) % 360;
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const i = (y * size + x) * 4;
        data[i] = (hue + x) % 256;
        data[i + 1] = (n * 7 + y) % 256;
        data[i + 2] = (x * y + n) % 256;
        data[i + 3] = 255;
      }
    }
    const bytes = Buffer.from(jpeg.encode({ data, width: size, height: size }, 70).data);
    out.push({ contentId: createHash('sha256').update(bytes).digest('hex'), bytes });
  }
  return out;
}

/**
 * Seeds a library of `count` finished items the benchmark's way: rows written straight into core's
 * library database through its own module (LibraryDatabase opens it with core's migrations; the
 * FTS index fills through its triggers), with a few hundred distinct JPEG thumbnails placed in the
 * media store as content-addressed files and reused across items. Run it on a user data folder
 * whose sandbox profile exists and whose host is stopped. Images, videos and talk clips carry
 * thumbnails; one item in ten is speech (no thumbnail, as in a real library).
 */
export function seedGallery(userDataDir: string, count: number, distinct = 300): { seconds: number } {
  const started = performance.now();
  const library = LibraryDatabase.open(join(userDataDir, 'profiles', 'sandbox', 'library.db'));
  const mediaRoot = join(userDataDir, 'media', 'sandbox');
  const thumbs = makeThumbnails(distinct);
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
      const rare = i % 100 === 42 ? ` with an ${RARE_WORD} overhead` : '';
      const prompt = `${name} in a ${PLACES[i % PLACES.length]} ${MOODS[(i * 7) % MOODS.length]}${rare}`;
      const thumb = kind === 'audio' ? null : thumbs[i % thumbs.length]!.contentId;
      const created = new Date(now - (i + 1) * ((365 * DAY) / count)).toISOString();
      library.run(
        `INSERT INTO library_items (id, kind, status, title, prompt, speech_text, character_id, character_name, model, options_json, credits_used,
                                    media_id, thumb_id, media_type, favorite, error_message, created_at, completed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?, NULL, ?, ?)`,
        randomUUID(),
        kind,
        kind === 'audio' ? 'ready' : 'completed',
        prompt.slice(0, 80),
        kind === 'audio' ? null : prompt,
        kind === 'audio' ? prompt : null,
        `bench-character-${i % NAMES.length}`,
        name,
        kind === 'audio' ? 'voice-model-a' : 'image-model-a',
        kind === 'video' ? 15 : 2,
        thumb,
        thumb,
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
