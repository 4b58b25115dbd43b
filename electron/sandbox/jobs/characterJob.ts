import { CharacterParameters } from '../../../shared/api/index.ts';
import { refundFor } from '../credits.ts';
import { getCharacterById, getVersion } from '../repos/characterRepo.ts';
import type { GenerationRecord } from '../repos/generationRepo.ts';
import type { Services } from '../services.ts';
import { mediaAt, storeMedia } from './jobSupport.ts';

/**
 * Headshot and full body of a character version (creation or regeneration). The render runs off
 * the request path; the returned commit runs in one transaction when the job is due.
 */
export async function renderCharacter(s: Services, g: GenerationRecord): Promise<() => void> {
  const character = getCharacterById(s.db, g.characterId);
  const version = g.characterVersion === null ? null : getVersion(s.db, g.characterId, g.characterVersion);
  if (!character || !version) throw new Error('The character of this job no longer exists.');
  const parameters = CharacterParameters.parse(character.parameters);
  const referenceImages = character.referenceImageUrls.map((url) => mediaAt(s, url)).filter((m) => m !== null);
  const out = await s.renderer.portraits({
    characterId: character.id,
    version: version.version,
    parameters,
    customDetails: version.customDetails,
    referenceImages,
  });
  const head = storeMedia(s, out.headshot);
  const body = storeMedia(s, out.fullbody);
  const headThumb = storeMedia(s, out.headshotThumb);
  storeMedia(s, out.fullbodyThumb);
  return () => {
    const now = s.now();
    const at = now.toISOString();
    for (const object of [head, body, headThumb]) s.cdn.own(g.userId, object, 'generated', now);
    const changed = s.db
      .prepare(`UPDATE generations SET status = 'completed', output_url = ?, thumbnail_url = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
      .run(head.url, headThumb.url, at, at, g.id).changes;
    if (Number(changed) === 0) return;
    s.db.prepare(`UPDATE character_versions SET status = 'ready', headshot_url = ?, fullbody_url = ? WHERE character_id = ? AND version = ?`).run(head.url, body.url, character.id, version.version);
    // spec 3: the character leaves `generating` for `ready` when its current version is done.
    s.db
      .prepare(`UPDATE characters SET status = 'ready', headshot_url = ?, fullbody_url = ?, error_message = NULL, updated_at = ? WHERE id = ? AND current_version = ?`)
      .run(head.url, body.url, at, character.id, version.version);
  };
}

/** A failed version: the generation fails with its message and is refunded once; the character is `failed`. */
export function failCharacter(s: Services, g: GenerationRecord, message: string): void {
  const at = s.now().toISOString();
  const changed = s.db
    .prepare(`UPDATE generations SET status = 'failed', error_message = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
    .run(message, at, at, g.id).changes;
  if (Number(changed) === 0) return;
  if (g.characterVersion !== null) {
    s.db.prepare(`UPDATE character_versions SET status = 'failed' WHERE character_id = ? AND version = ?`).run(g.characterId, g.characterVersion);
    s.db
      .prepare(`UPDATE characters SET status = 'failed', error_message = ?, updated_at = ? WHERE id = ? AND current_version = ?`)
      .run(message, at, g.characterId, g.characterVersion);
  }
  refundFor(s.db, g.id, `Refund: ${g.operation.startsWith('characters.regenerate') ? 'character regeneration' : 'character creation'} failed`, s.now());
}
