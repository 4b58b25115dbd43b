import { num, numOrNull, str, strOrNull, type Db, type Row } from '../db/database.ts';
import { notFound } from '../server/apiError.ts';

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
  const row = db.prepare('SELECT * FROM character_versions WHERE character_id = ? AND version = ?').get(characterId, version) as Row | undefined;
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
