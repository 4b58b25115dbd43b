import { CharacterParameters } from '../../../shared/api/index.ts';
import { refundFor } from '../credits.ts';
import { completeVersion, failVersion, getCharacterById, getVersion } from '../repos/characterRepo.ts';
import { completeGeneration, failGeneration, type GenerationRecord } from '../repos/generationRepo.ts';
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
    // A portrait generation has no duration (its row never had one).
    if (!completeGeneration(s.db, g.id, { outputUrl: head.url, thumbnailUrl: headThumb.url, durationSeconds: null }, at)) return;
    // spec 3: the character leaves `generating` for `ready` when its current version is done.
    completeVersion(s.db, character.id, version.version, { headshotUrl: head.url, fullbodyUrl: body.url }, at);
  };
}

/** A failed version: the generation fails with its message and is refunded once; the character is `failed`. */
export function failCharacter(s: Services, g: GenerationRecord, message: string): void {
  const at = s.now().toISOString();
  if (!failGeneration(s.db, g.id, message, at, ['processing'])) return;
  if (g.characterVersion !== null) failVersion(s.db, g.characterId, g.characterVersion, message, at);
  refundFor(
    s.db,
    g.id,
    `Refund: ${g.operation.startsWith('characters.regenerate') ? 'character regeneration' : 'character creation'} failed`,
    s.now(),
  );
}
