import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addScene } from '../../../../../shared/sync/spaceDocument.ts';
import { CastVoiceStore } from '../../../../../electron/core/cast/castVoiceStore.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { localChanges } from '../../../../../electron/core/spaces/localChanges.ts';
import { SpaceMirror } from '../../../../../electron/core/spaces/spaceMirror.ts';
import { SpaceMirrorStore } from '../../../../../electron/core/spaces/spaceMirrorStore.ts';

describe("the space's list of scenes as another member wrote it", () => {
  it('leaves out an entry whose id could not name a document', () => {
    const doc = new Y.Doc();
    addScene(doc, '4f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e60', '2026-11-01T10:00:00.000Z');
    addScene(doc, '../other-space', '2026-11-01T10:00:00.000Z');
    const library = LibraryDatabase.open(':memory:');
    const mirror = new SpaceMirror({
      store: new SpaceMirrorStore(library),
      cast: new CastVoiceStore(library),
      changes: localChanges(library),
      now: () => '2026-11-02T10:00:00.000Z',
    });
    expect([...mirror.listedScenes(doc).keys()]).toEqual(['4f1c2a7e-8d5b-4c3a-9e2f-1a2b3c4d5e60']);
    library.close();
  });
});
