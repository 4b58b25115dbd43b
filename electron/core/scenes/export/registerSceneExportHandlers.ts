import type { Scene } from '../../../../shared/ipc/index.ts';
import type { Clock } from '../../clock/clock.ts';
import type { MediaStore } from '../../downloads/mediaStore.ts';
import { AppFailure } from '../../ipc/appFailure.ts';
import type { Router } from '../../ipc/router.ts';
import type { LibraryDatabase } from '../../library/libraryDatabase.ts';
import { LibraryExports } from '../../library/libraryExports.ts';
import { ExportStaging } from './exportStaging.ts';
import { SceneExporter } from './sceneExporter.ts';
import { SceneExportStore } from './sceneExportStore.ts';

/** What scene exports use of the active connection. */
export type SceneExportServices = { library: LibraryDatabase; media: Pick<MediaStore, 'resolve' | 'place' | 'partialPath'> };

export type SceneExportDeps = { active: () => SceneExportServices; clock: Clock; userDataDir: string };

/** Formats written when the caller names none. */
const DEFAULT_FORMATS = ['mp4', 'srt', 'vtt', 'fcpxml'] as const;

/**
 * `scenes.exportChunk`, `scenes.export`, `scenes.cancelExport`. The renderer joins the clips (it
 * has the codecs) and streams the MP4 here in pieces; core writes every file, so the destination
 * rules (never the data folder) and the library are in one place. The scene is read through
 * `scenes.get`, the scene feature's own answer, so an export sees exactly what the editor shows.
 */
export function registerSceneExportHandlers(router: Router, deps: SceneExportDeps): void {
  const parts = new WeakMap<LibraryDatabase, { exporter: SceneExporter; staging: ExportStaging }>();
  const partsOf = (services: SceneExportServices) => {
    let own = parts.get(services.library);
    if (!own) {
      const staging = new ExportStaging((exportId) => services.media.partialPath(`scene-export-${exportId}`));
      const exporter = new SceneExporter({
        media: services.media,
        store: new SceneExportStore(services.library),
        staging,
        emit: (progress) => router.emit('scene.exporting', progress),
        now: () => new Date(deps.clock.now()).toISOString(),
      });
      own = { exporter, staging };
      parts.set(services.library, own);
    }
    return own;
  };
  const folders = new LibraryExports({ userDataDir: deps.userDataDir, emit: () => undefined });

  router.register('scenes.exportChunk', async (input) => {
    await partsOf(deps.active()).staging.write(input.exportId, input.position, Buffer.from(input.dataBase64, 'base64'));
    return { ok: true as const };
  });

  router.register('scenes.export', async (input) => {
    const { exporter } = partsOf(deps.active());
    const scene = await sceneOf(router, input.id);
    const parent =
      input.destination === undefined ? folders.defaultFolder(deps.clock.now()) : await folders.checkDestination(input.destination);
    return exporter.run({
      scene,
      exportId: input.exportId,
      parent,
      formats: input.formats ?? DEFAULT_FORMATS,
      join: input.join,
      names: input.names,
    });
  });

  router.register('scenes.cancelExport', async (input) => ({ cancelled: await partsOf(deps.active()).exporter.cancel(input.exportId) }));
}

async function sceneOf(router: Router, id: string): Promise<Scene> {
  const reply = await router.handle('scenes.get', { id });
  if (!reply.ok) throw AppFailure.from(reply.error);
  return reply.value as Scene;
}
