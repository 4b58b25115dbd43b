import type { Voice } from '../../../shared/api/index.ts';
import type { VoiceView } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

type Row = { raw_json: string; owner: string | null; source_type: string; preview_media_id: string | null };

/** The voices the library mirrors, with the preview file each has in the media store. */
export class VoiceStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /** The account's own voices and the service's presets, newest first. */
  list(): { voices: VoiceView[]; presets: VoiceView[] } {
    const rows = this.library.all<Row>(
      `SELECT v.raw_json, v.owner, v.source_type,
              (SELECT d.content_id FROM downloads d
                WHERE d.owner_kind = 'voice' AND d.owner_id = v.id AND d.role = 'preview' AND d.state = 'done') AS preview_media_id
         FROM voices v ORDER BY v.created_at DESC, v.name`,
    );
    const voices: VoiceView[] = [];
    const presets: VoiceView[] = [];
    for (const row of rows) {
      const voice: VoiceView = { ...(JSON.parse(row.raw_json) as Voice), previewMediaId: row.preview_media_id };
      if (row.owner === 'system' || row.source_type === 'preset') presets.push(voice);
      else voices.push(voice);
    }
    return { voices, presets };
  }
}
