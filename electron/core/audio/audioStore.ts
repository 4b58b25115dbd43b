import type { AudioTrack } from '../../../shared/api/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

type Row = { raw_json: string; text: string | null; voice_id: string | null };

/** The audio tracks the library mirrors, as the voice lab lists them. */
export class AudioStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /** Every track (or a voice's), newest first. */
  list(voiceId?: string): AudioTrack[] {
    const rows = voiceId
      ? this.library.all<Row>('SELECT raw_json, text, voice_id FROM audio_tracks WHERE voice_id = ? ORDER BY created_at DESC', voiceId)
      : this.library.all<Row>('SELECT raw_json, text, voice_id FROM audio_tracks ORDER BY created_at DESC');
    return rows.map((row) => {
      const track = JSON.parse(row.raw_json) as AudioTrack;
      // The accepted answer has no text; the request we sent does, and the mirror kept it.
      return {
        ...track,
        ...(track.text === undefined && row.text !== null ? { text: row.text } : {}),
        ...(track.voice_id === undefined && row.voice_id ? { voice_id: row.voice_id } : {}),
      };
    });
  }
}
