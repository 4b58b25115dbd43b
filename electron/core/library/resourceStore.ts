import type { AudioTrack, Character, CreditTransaction, Generation, Quote, ResourceKind, Voice } from '../../../shared/api/index.ts';
import { CastVoiceStore } from '../cast/castVoiceStore.ts';
import { localChanges } from '../spaces/localChanges.ts';
import type { LibraryDatabase } from './libraryDatabase.ts';

/** The mirror's table of each kind. */
const TABLE_OF: { readonly [K in ResourceKind]: string } = {
  character: 'characters',
  generation: 'generations',
  voice: 'voices',
  audio: 'audio_tracks',
};

/** What the library keeps of a price quote: enough to spend it offline. */
export type StoredQuote = { credits: number; approvalRequired: boolean; approvalState: string | null };

/**
 * Writes the mirror: each record as raw JSON beside its indexed columns, and the gallery's
 * library_items row in the same statement group. Callers wrap it in their own transaction when a
 * write must land together with a job's state change.
 */
export class ResourceStore {
  private readonly library: LibraryDatabase;
  private readonly now: () => string;

  constructor(library: LibraryDatabase, now: () => string) {
    this.library = library;
    this.now = now;
  }

  upsertCharacter(record: Character): void {
    const db = this.library;
    const now = this.now();
    const existing = db.get<{ name: string; created_at: string; version: number }>(
      'SELECT name, created_at, version FROM characters WHERE id = ?',
      record.id,
    );
    const version = record.version ?? existing?.version ?? 1;
    db.run(
      `INSERT INTO characters (id, name, status, version, can_revert, parameters_json, headshot_url, fullbody_url, error_message, created_at, updated_at, raw_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, version = excluded.version,
         can_revert = excluded.can_revert, parameters_json = excluded.parameters_json, headshot_url = excluded.headshot_url,
         fullbody_url = excluded.fullbody_url, error_message = excluded.error_message, updated_at = excluded.updated_at,
         raw_json = excluded.raw_json, synced_at = excluded.synced_at`,
      record.id,
      record.name,
      record.status,
      version,
      record.can_revert ? 1 : 0,
      JSON.stringify(record.parameters ?? {}),
      record.headshot_url ?? null,
      record.fullbody_url ?? null,
      record.error_message ?? null,
      record.created_at ?? existing?.created_at ?? now,
      record.updated_at ?? now,
      JSON.stringify(record),
      now,
    );
    if (record.status === 'ready' && (record.headshot_url || record.fullbody_url)) {
      db.run(
        `INSERT INTO character_versions (character_id, version, headshot_url, fullbody_url, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (character_id, version) DO UPDATE SET headshot_url = excluded.headshot_url, fullbody_url = excluded.fullbody_url`,
        record.id,
        version,
        record.headshot_url ?? null,
        record.fullbody_url ?? null,
        record.updated_at ?? now,
      );
    }
    if (existing && existing.name !== record.name) {
      db.run('UPDATE library_items SET character_name = ? WHERE character_id = ?', record.name, record.id);
    }
  }

  upsertGeneration(record: Generation): void {
    const db = this.library;
    const now = this.now();
    const existing = db.get<{ created_at: string }>('SELECT created_at FROM generations WHERE id = ?', record.id);
    const createdAt = record.created_at ?? existing?.created_at ?? now;
    const options = JSON.stringify(record.options ?? {});
    db.run(
      `INSERT INTO generations (id, type, status, prompt, character_id, model, options_json, credits_used, error_message, output_url, thumbnail_url, created_at, completed_at, updated_at, raw_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET type = excluded.type, status = excluded.status, prompt = excluded.prompt,
         character_id = excluded.character_id, model = excluded.model, options_json = excluded.options_json,
         credits_used = excluded.credits_used, error_message = excluded.error_message, output_url = excluded.output_url,
         thumbnail_url = excluded.thumbnail_url, completed_at = excluded.completed_at, updated_at = excluded.updated_at,
         raw_json = excluded.raw_json, synced_at = excluded.synced_at`,
      record.id,
      record.type,
      record.status,
      record.prompt ?? null,
      record.character_id,
      record.model ?? null,
      options,
      record.credits_used,
      record.error_message ?? null,
      record.output?.url ?? null,
      record.output?.thumbnail_url ?? null,
      createdAt,
      record.completed_at ?? null,
      record.updated_at ?? now,
      JSON.stringify(record),
      now,
    );
    const character = db.get<{ name: string }>('SELECT name FROM characters WHERE id = ?', record.character_id);
    // A portrait is titled by its character's name alone: the page says what kind of item it is in
    // the person's language (its badge), so no English word is stored, searched or synced with it.
    const title = record.type === 'character_create' ? (character?.name ?? '') : titleOf(record.prompt ?? record.type);
    this.upsertItem({
      id: record.id,
      kind: record.type,
      status: record.status,
      title,
      prompt: record.prompt ?? null,
      speechText: null,
      characterId: record.character_id,
      characterName: character?.name ?? null,
      model: record.model ?? null,
      options,
      creditsUsed: record.credits_used,
      errorMessage: record.error_message ?? null,
      createdAt,
      completedAt: record.completed_at ?? null,
    });
  }

  /** Whether the mirror already holds this generation as it is now (same status and completion). */
  holdsGeneration(record: Generation): boolean {
    const row = this.library.get<{ status: string; completed_at: string | null }>(
      'SELECT status, completed_at FROM generations WHERE id = ?',
      record.id,
    );
    return row !== undefined && row.status === record.status && row.completed_at === (record.completed_at ?? null);
  }

  upsertVoice(record: Voice): void {
    const now = this.now();
    this.library.run(
      `INSERT INTO voices (id, name, status, source_type, owner, model, description, preview_url, error_message, created_at, raw_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, source_type = excluded.source_type,
         owner = coalesce(excluded.owner, voices.owner), model = excluded.model, description = excluded.description,
         preview_url = excluded.preview_url, error_message = excluded.error_message,
         created_at = coalesce(excluded.created_at, voices.created_at), raw_json = excluded.raw_json, synced_at = excluded.synced_at`,
      record.id,
      record.name,
      record.status,
      record.source_type,
      record.owner ?? (record.source_type === 'preset' ? 'system' : null),
      record.model ?? null,
      record.description ?? null,
      record.preview_url ?? null,
      record.error_message ?? null,
      record.created_at ?? null,
      JSON.stringify(record),
      now,
    );
  }

  upsertAudio(record: AudioTrack): void {
    const db = this.library;
    const now = this.now();
    const existing = db.get<{ created_at: string; text: string | null; voice_id: string | null }>(
      'SELECT created_at, text, voice_id FROM audio_tracks WHERE id = ?',
      record.id,
    );
    const createdAt = record.created_at ?? existing?.created_at ?? now;
    const text = record.text ?? existing?.text ?? null;
    const voiceId = record.voice_id ?? existing?.voice_id ?? null;
    this.writeAudioRow(record, { voiceId, text, createdAt, now });
    const row = db.get<{ model: string | null; emotion: string | null; credits_used: number | null }>(
      'SELECT model, emotion, credits_used FROM audio_tracks WHERE id = ?',
      record.id,
    );
    this.upsertItem({
      id: record.id,
      kind: 'audio',
      status: record.status,
      title: record.name,
      prompt: null,
      speechText: text,
      characterId: null,
      characterName: null,
      model: row?.model ?? null,
      options: JSON.stringify({ voice_id: voiceId, emotion: row?.emotion ?? null, duration_seconds: record.duration_seconds ?? null }),
      creditsUsed: row?.credits_used ?? null,
      errorMessage: record.error_message ?? null,
      createdAt,
      completedAt: record.completed_at ?? null,
    });
  }

  private writeAudioRow(record: AudioTrack, merged: { voiceId: string | null; text: string | null; createdAt: string; now: string }): void {
    const { voiceId, text, createdAt, now } = merged;
    this.library.run(
      `INSERT INTO audio_tracks (id, name, status, voice_id, text, model, emotion, audio_url, duration_seconds, credits_used, error_message, created_at, completed_at, raw_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, voice_id = excluded.voice_id, text = excluded.text,
         model = coalesce(excluded.model, audio_tracks.model), emotion = coalesce(excluded.emotion, audio_tracks.emotion),
         audio_url = excluded.audio_url, duration_seconds = excluded.duration_seconds,
         credits_used = coalesce(excluded.credits_used, audio_tracks.credits_used), error_message = excluded.error_message,
         completed_at = excluded.completed_at, raw_json = excluded.raw_json, synced_at = excluded.synced_at`,
      record.id,
      record.name,
      record.status,
      voiceId,
      text,
      record.model ?? null,
      record.emotion ?? null,
      record.audio_url ?? null,
      record.duration_seconds ?? null,
      record.credits_used ?? null,
      record.error_message ?? null,
      createdAt,
      record.completed_at ?? null,
      JSON.stringify(record),
      now,
    );
  }

  upsertTransaction(record: CreditTransaction): boolean {
    const result = this.library.run(
      `INSERT INTO credit_transactions (id, amount, type, description, resource_id, balance_after, created_at, raw_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      record.id,
      record.amount,
      record.type,
      record.description,
      record.resource_id ?? null,
      record.balance_after ?? null,
      record.created_at,
      JSON.stringify(record),
    );
    return result.changes > 0;
  }

  upsertQuote(record: Quote): void {
    this.library.run(
      `INSERT INTO quotes (id, operation_id, credits, approval_required, approval_state, expires_at, created_at, raw_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET approval_required = excluded.approval_required, approval_state = excluded.approval_state,
         expires_at = excluded.expires_at, raw_json = excluded.raw_json`,
      record.id,
      record.operation_id,
      record.credits,
      record.approval.required ? 1 : 0,
      record.approval.state,
      record.expires_at,
      record.created_at,
      JSON.stringify(record),
    );
  }

  /** Removes a resource, its library row and its downloads (the files go when nothing else uses them). */
  remove(kind: ResourceKind, id: string): void {
    const db = this.library;
    // The character's cast voice goes with it (a trigger would too), told as a change so a space's
    // documents lose it as well and do not bring it back.
    if (kind === 'character') new CastVoiceStore(db).remove(id);
    db.run(`DELETE FROM ${TABLE_OF[kind]} WHERE id = ?`, id);
    if (kind === 'character') db.run('DELETE FROM character_versions WHERE character_id = ?', id);
    if (kind === 'generation' || kind === 'audio') {
      db.run('DELETE FROM library_items WHERE id = ?', id);
      db.run('DELETE FROM collection_items WHERE item_id = ?', id);
    }
    db.run("UPDATE downloads SET state = 'removed' WHERE owner_kind = ? AND owner_id = ?", kind, id);
  }

  /** Ids of the resources of a kind whose status is one of these (what is still in flight). */
  idsInStatus(kind: ResourceKind, statuses: readonly string[]): string[] {
    if (statuses.length === 0) return [];
    const marks = statuses.map(() => '?').join(', ');
    return this.library.all<{ id: string }>(`SELECT id FROM ${TABLE_OF[kind]} WHERE status IN (${marks})`, ...statuses).map((r) => r.id);
  }

  /** Ids of the resources of a kind not written since this moment (a sync pass's start). */
  idsSyncedBefore(kind: ResourceKind, at: string): string[] {
    return this.library
      .all<{ id: string }>(`SELECT id FROM ${TABLE_OF[kind]} WHERE synced_at IS NULL OR synced_at < ?`, at)
      .map((r) => r.id);
  }

  /** The version the mirror holds of a character, or null when it holds none. */
  characterVersion(id: string): number | null {
    return this.library.get<{ version: number }>('SELECT version FROM characters WHERE id = ?', id)?.version ?? null;
  }

  /** A voice's status as mirrored, or null when the library does not hold it. */
  voiceStatus(id: string): string | null {
    return this.library.get<{ status: string }>('SELECT status FROM voices WHERE id = ?', id)?.status ?? null;
  }

  /** A quote as stored when it was made or last read, or null. */
  quote(id: string): StoredQuote | null {
    const row = this.library.get<{ credits: number; approval_required: number; approval_state: string | null }>(
      'SELECT credits, approval_required, approval_state FROM quotes WHERE id = ?',
      id,
    );
    return row ? { credits: row.credits, approvalRequired: row.approval_required === 1, approvalState: row.approval_state } : null;
  }

  private upsertItem(item: {
    id: string;
    kind: string;
    status: string;
    title: string;
    prompt: string | null;
    speechText: string | null;
    characterId: string | null;
    characterName: string | null;
    model: string | null;
    options: string;
    creditsUsed: number | null;
    errorMessage: string | null;
    createdAt: string;
    completedAt: string | null;
  }): void {
    const arrived = this.library.get('SELECT 1 AS x FROM library_items WHERE id = ?', item.id) === undefined;
    this.library.run(
      `INSERT INTO library_items (id, kind, status, title, prompt, speech_text, character_id, character_name, model, options_json, credits_used, error_message, created_at, completed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, status = excluded.status, title = excluded.title, prompt = excluded.prompt,
         speech_text = excluded.speech_text, character_id = excluded.character_id, character_name = excluded.character_name,
         model = excluded.model, options_json = excluded.options_json, credits_used = excluded.credits_used,
         error_message = excluded.error_message, created_at = excluded.created_at, completed_at = excluded.completed_at`,
      item.id,
      item.kind,
      item.status,
      item.title,
      item.prompt,
      item.speechText,
      item.characterId,
      item.characterName,
      item.model,
      item.options,
      item.creditsUsed,
      item.errorMessage,
      item.createdAt,
      item.completedAt,
    );
    if (arrived) localChanges(this.library).report({ kind: 'itemArrived', itemId: item.id });
  }
}

function titleOf(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}
