import type { CastVoiceSummary } from '../../../shared/ipc/models.ts';
import { SpeechSettings, type CastVoice } from '../../../shared/ipc/scenes.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { localChanges } from '../spaces/localChanges.ts';

type Row = { character_id: string; voice_id: string; settings_json: string; updated_at: string; voice_name: string | null };

/** A voice of the library (the account's own or a preset), as far as giving it to a character needs. */
export type KnownVoice = { id: string; name: string; model: string | null; status: string };

const SELECT = `SELECT c.character_id, c.voice_id, c.settings_json, c.updated_at, v.name AS voice_name
                  FROM cast_voices c LEFT JOIN voices v ON v.id = c.voice_id`;

/** The characters' default voices: the app's own rows, which no sync writes (a deleted character takes its row along). */
export class CastVoiceStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  list(): CastVoice[] {
    return this.library.all<Row>(`${SELECT} ORDER BY c.updated_at DESC`).map(toCastVoice);
  }

  get(characterId: string): CastVoice | null {
    const row = this.library.get<Row>(`${SELECT} WHERE c.character_id = ?`, characterId);
    return row ? toCastVoice(row) : null;
  }

  /** The voice a character is shown with (its name and model as the library mirrors them), or null without one. */
  summary(characterId: string): CastVoiceSummary | null {
    const row = this.library.get<{ voice_id: string; name: string | null; model: string | null }>(
      'SELECT c.voice_id, v.name, v.model FROM cast_voices c LEFT JOIN voices v ON v.id = c.voice_id WHERE c.character_id = ?',
      characterId,
    );
    return row ? { voiceId: row.voice_id, name: row.name, model: row.model } : null;
  }

  /** The cast voices of several characters at once (a scene's lines), by character id. */
  many(characterIds: readonly string[]): Map<string, CastVoice> {
    const out = new Map<string, CastVoice>();
    for (const id of new Set(characterIds)) {
      const voice = this.get(id);
      if (voice) out.set(id, voice);
    }
    return out;
  }

  set(characterId: string, voiceId: string, settings: SpeechSettings, now: string): void {
    this.library.run(
      `INSERT INTO cast_voices (character_id, voice_id, settings_json, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (character_id) DO UPDATE SET voice_id = excluded.voice_id, settings_json = excluded.settings_json, updated_at = excluded.updated_at`,
      characterId,
      voiceId,
      JSON.stringify(settings),
      now,
    );
    localChanges(this.library).report({ kind: 'castVoice', characterId });
  }

  remove(characterId: string): boolean {
    const removed = this.library.run('DELETE FROM cast_voices WHERE character_id = ?', characterId).changes > 0;
    if (removed) localChanges(this.library).report({ kind: 'castVoice', characterId });
    return removed;
  }

  /** A voice the library mirrors (owned, cloned or preset), or null when it is not there. */
  voice(voiceId: string): KnownVoice | null {
    const row = this.library.get<KnownVoice>('SELECT id, name, model, status FROM voices WHERE id = ?', voiceId);
    return row ?? null;
  }

  /** Whether the library holds this character. */
  hasCharacter(characterId: string): boolean {
    return this.library.get('SELECT 1 AS x FROM characters WHERE id = ?', characterId) !== undefined;
  }
}

function toCastVoice(row: Row): CastVoice {
  const settings = SpeechSettings.safeParse(JSON.parse(row.settings_json));
  return {
    characterId: row.character_id,
    voiceId: row.voice_id,
    voiceName: row.voice_name,
    settings: settings.success ? settings.data : {},
    updatedAt: row.updated_at,
  };
}
