import { num, numOrNull, str, strOrNull, type Db, type Row } from '../db/database.ts';
import { notFound } from '../sandboxError.ts';

export type CharacterRecord = {
  seq: number;
  id: string;
  userId: string;
  name: string;
  status: 'generating' | 'ready' | 'failed';
  parameters: Record<string, unknown>;
  referenceImageUrls: string[];
  currentVersion: number;
  headshotUrl: string | null;
  fullbodyUrl: string | null;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
};

export type VersionRecord = {
  version: number;
  previousVersion: number | null;
  origin: 'create' | 'regenerate';
  status: 'generating' | 'ready' | 'failed';
  customDetails: string | null;
  generationId: string;
  headshotUrl: string | null;
  fullbodyUrl: string | null;
};

export function toCharacter(row: Row): CharacterRecord {
  return {
    seq: num(row, 'seq'),
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    name: str(row, 'name'),
    status: str(row, 'status') as CharacterRecord['status'],
    parameters: JSON.parse(str(row, 'parameters')) as Record<string, unknown>,
    referenceImageUrls: JSON.parse(str(row, 'reference_image_urls')) as string[],
    currentVersion: num(row, 'current_version'),
    headshotUrl: strOrNull(row, 'headshot_url'),
    fullbodyUrl: strOrNull(row, 'fullbody_url'),
    errorMessage: strOrNull(row, 'error_message'),
    createdAt: str(row, 'created_at'),
    updatedAt: str(row, 'updated_at'),
  };
}

function toVersion(row: Row): VersionRecord {
  return {
    version: num(row, 'version'),
    previousVersion: numOrNull(row, 'previous_version'),
    origin: str(row, 'origin') as VersionRecord['origin'],
    status: str(row, 'status') as VersionRecord['status'],
    customDetails: strOrNull(row, 'custom_details'),
    generationId: str(row, 'generation_id'),
    headshotUrl: strOrNull(row, 'headshot_url'),
    fullbodyUrl: strOrNull(row, 'fullbody_url'),
  };
}

/** A live character of this user, or null. Another user's character is as missing as none. */
export function findOwnedCharacter(db: Db, userId: string, id: string): CharacterRecord | null {
  const row = db.prepare('SELECT * FROM characters WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(id, userId) as Row | undefined;
  return row ? toCharacter(row) : null;
}

export function requireOwnedCharacter(db: Db, userId: string, id: string, field?: string): CharacterRecord {
  const found = findOwnedCharacter(db, userId, id);
  if (!found) throw notFound('character', field);
  return found;
}

export function getCharacterById(db: Db, id: string): CharacterRecord | null {
  const row = db.prepare('SELECT * FROM characters WHERE id = ?').get(id) as Row | undefined;
  return row ? toCharacter(row) : null;
}

export function getVersion(db: Db, characterId: string, version: number): VersionRecord | null {
  const row = db.prepare('SELECT * FROM character_versions WHERE character_id = ? AND version = ?').get(characterId, version) as
    Row | undefined;
  return row ? toVersion(row) : null;
}

/** spec 4.1 revert: possible when the current version was made by a finished regeneration. */
export function canRevert(v: VersionRecord | null): boolean {
  return v !== null && v.origin === 'regenerate' && v.previousVersion !== null && v.status !== 'generating';
}

export function characterJson(db: Db, c: CharacterRecord): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    parameters: c.parameters,
    headshot_url: c.headshotUrl,
    fullbody_url: c.fullbodyUrl,
    version: c.currentVersion,
    can_revert: canRevert(getVersion(db, c.id, c.currentVersion)),
    reference_image_urls: c.referenceImageUrls,
    error_message: c.errorMessage,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

/** The user's live characters before position `after`, newest first. */
export function listCharacters(db: Db, userId: string, after: number, limit: number): CharacterRecord[] {
  const rows = db
    .prepare('SELECT * FROM characters WHERE user_id = ? AND deleted_at IS NULL AND seq < ? ORDER BY seq DESC LIMIT ?')
    .all(userId, after, limit) as Row[];
  return rows.map(toCharacter);
}

export type NewCharacter = {
  id: string;
  userId: string;
  name: string;
  parameters: unknown;
  referenceImageUrls: readonly string[];
  generationId: string;
  at: string;
};

/** spec 4.1: a new character is generating its version 1, made by the create generation. */
export function insertCharacter(db: Db, c: NewCharacter): void {
  db.prepare(
    `INSERT INTO characters (id, user_id, name, status, parameters, reference_image_urls, current_version, created_at, updated_at)
     VALUES (?, ?, ?, 'generating', ?, ?, 1, ?, ?)`,
  ).run(c.id, c.userId, c.name, JSON.stringify(c.parameters), JSON.stringify(c.referenceImageUrls), c.at, c.at);
  db.prepare(
    `INSERT INTO character_versions (character_id, version, previous_version, origin, status, generation_id, created_at)
     VALUES (?, 1, NULL, 'create', 'generating', ?, ?)`,
  ).run(c.id, c.generationId, c.at);
}

export type NewRegeneration = {
  characterId: string;
  previousVersion: number;
  customDetails: string | null;
  generationId: string;
  at: string;
};

/** spec 4.1 regenerate: a new version, generating, becomes the current one; returns its number. */
export function startRegeneration(db: Db, r: NewRegeneration): number {
  const max = num(db.prepare('SELECT MAX(version) AS v FROM character_versions WHERE character_id = ?').get(r.characterId) as Row, 'v');
  const version = max + 1;
  db.prepare(
    `INSERT INTO character_versions (character_id, version, previous_version, origin, status, custom_details, generation_id, created_at)
     VALUES (?, ?, ?, 'regenerate', 'generating', ?, ?, ?)`,
  ).run(r.characterId, version, r.previousVersion, r.customDetails, r.generationId, r.at);
  db.prepare(`UPDATE characters SET status = 'generating', current_version = ?, error_message = NULL, updated_at = ? WHERE id = ?`).run(
    version,
    r.at,
    r.characterId,
  );
  return version;
}

/** spec 4.1 revert: the current version is marked reverted and `previous` becomes current, with its portraits. */
export function revertTo(db: Db, characterId: string, current: VersionRecord, previous: VersionRecord, at: string): void {
  db.prepare('UPDATE character_versions SET reverted_at = ? WHERE character_id = ? AND version = ?').run(at, characterId, current.version);
  db.prepare(
    'UPDATE characters SET current_version = ?, status = ?, headshot_url = ?, fullbody_url = ?, error_message = NULL, updated_at = ? WHERE id = ?',
  ).run(previous.version, previous.status, previous.headshotUrl, previous.fullbodyUrl, at, characterId);
}

/** A version's portraits are ready; the character is ready with them when it is still the current version (spec 3). */
export function completeVersion(
  db: Db,
  characterId: string,
  version: number,
  portraits: { headshotUrl: string; fullbodyUrl: string },
  at: string,
): void {
  db.prepare(
    `UPDATE character_versions SET status = 'ready', headshot_url = ?, fullbody_url = ? WHERE character_id = ? AND version = ?`,
  ).run(portraits.headshotUrl, portraits.fullbodyUrl, characterId, version);
  db.prepare(
    `UPDATE characters SET status = 'ready', headshot_url = ?, fullbody_url = ?, error_message = NULL, updated_at = ? WHERE id = ? AND current_version = ?`,
  ).run(portraits.headshotUrl, portraits.fullbodyUrl, at, characterId, version);
}

/** A version failed; the character is failed with the message when it is still the current version. */
export function failVersion(db: Db, characterId: string, version: number, message: string, at: string): void {
  db.prepare(`UPDATE character_versions SET status = 'failed' WHERE character_id = ? AND version = ?`).run(characterId, version);
  db.prepare(`UPDATE characters SET status = 'failed', error_message = ?, updated_at = ? WHERE id = ? AND current_version = ?`).run(
    message,
    at,
    characterId,
    version,
  );
}

/** Hides the character from every later read (spec 4.1 DELETE). */
export function softDeleteCharacter(db: Db, id: string, at: string): void {
  db.prepare('UPDATE characters SET deleted_at = ?, updated_at = ? WHERE id = ?').run(at, at, id);
}
