import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, realpath, rename, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EventPayload } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';

export type ExportProgress = EventPayload<'export.progress'>;

/** One item to export: the name it gets in the folder and the stored file it is copied from. */
export type ExportSource = { name: string; path: string; size: number };

export type ExportRequest = {
  exportId?: string | undefined;
  /** Ids in the order the user chose them; `source` answers null for one with nothing to export. */
  ids: readonly string[];
  destination?: string | undefined;
  source: (id: string) => ExportSource | null;
};

export type ExportResult = { exported: number; folder: string; cancelled: boolean };

/** A progress event goes out at least every this many bytes copied, and after every file. */
const PROGRESS_EVERY_BYTES = 1024 * 1024;

/**
 * Library exports as cancellable background work: files are copied by streams (the disk work runs
 * off the main thread and the event loop turns between chunks), each into a hidden `.part` file
 * renamed into place only when complete, so a cancelled or failed export leaves no partial file.
 * A destination inside the app's own data folder is refused (only its `exports/` folder is
 * allowed), so an export can never write into a library or the media store.
 */
export class LibraryExports {
  private readonly userDataDir: string;
  private readonly emit: (progress: ExportProgress) => void;
  private readonly running = new Map<string, AbortController>();

  constructor(deps: { userDataDir: string; emit: (progress: ExportProgress) => void }) {
    this.userDataDir = deps.userDataDir;
    this.emit = deps.emit;
  }

  /** The folder the browser host exports to when no destination is given. */
  defaultFolder(now: number): string {
    return join(this.userDataDir, 'exports', new Date(now).toISOString().replace(/[:.]/g, '-'));
  }

  async run(request: ExportRequest, now: number): Promise<ExportResult> {
    const exportId = request.exportId ?? randomUUID();
    if (this.running.has(exportId)) throw new AppFailure('export_running', {});
    const folder = request.destination === undefined ? this.defaultFolder(now) : await this.checkDestination(request.destination);
    const controller = new AbortController();
    this.running.set(exportId, controller);
    try {
      return await this.copyAll(exportId, folder, request, controller.signal);
    } finally {
      this.running.delete(exportId);
    }
  }

  /** Stops a running export; false when there is none by that id (it finished, or never started). */
  cancel(exportId: string): boolean {
    const controller = this.running.get(exportId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  private async copyAll(exportId: string, folder: string, request: ExportRequest, signal: AbortSignal): Promise<ExportResult> {
    const sources = await this.lookUpSources(request);
    const totalBytes = sources.reduce((sum, each) => sum + each.size, 0);
    const progress: ExportProgress = {
      exportId,
      folder,
      state: 'running',
      exported: 0,
      total: sources.length,
      bytes: 0,
      totalBytes,
      problem: null,
    };
    const send = (patch: Partial<ExportProgress>) => {
      Object.assign(progress, patch);
      this.emit({ ...progress });
    };
    try {
      await mkdir(folder, { recursive: true });
    } catch {
      throw this.failed(send, new AppFailure('export_failed', { folder, step: 'create' }));
    }
    send({});
    let copiedBefore = 0;
    for (const source of sources) {
      if (signal.aborted) break;
      try {
        await this.copyOne(source, folder, signal, (bytes) => send({ bytes: copiedBefore + bytes }));
      } catch (error) {
        if (signal.aborted) break;
        throw this.failed(send, this.copyFailure(error, progress.exported, folder));
      }
      copiedBefore += source.size;
      send({ exported: progress.exported + 1, bytes: copiedBefore });
    }
    if (signal.aborted) {
      send({ state: 'cancelled' });
      return { exported: progress.exported, folder, cancelled: true };
    }
    send({ state: 'done' });
    return { exported: progress.exported, folder, cancelled: false };
  }

  private async lookUpSources(request: ExportRequest): Promise<ExportSource[]> {
    const sources: ExportSource[] = [];
    for (const [index, id] of request.ids.entries()) {
      // Looking items up reads the library: let other work in between on a large selection.
      if (index % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
      const source = request.source(id);
      if (source) sources.push(source);
    }
    return sources;
  }

  private copyFailure(error: unknown, exported: number, folder: string): AppFailure {
    const code = (error as { code?: string }).code;
    return code === 'ENOSPC'
      ? new AppFailure('disk_full', { when: 'library_export', exported, folder })
      : new AppFailure('export_failed', { folder, step: 'write' });
  }

  private async copyOne(source: ExportSource, folder: string, signal: AbortSignal, onBytes: (bytes: number) => void): Promise<void> {
    const target = join(folder, source.name);
    const part = join(folder, `.${source.name}.${randomUUID().slice(0, 8)}.part`);
    let bytes = 0;
    let reported = 0;
    const read = createReadStream(source.path);
    read.on('data', (chunk: Buffer | string) => {
      bytes += chunk.length;
      if (bytes - reported >= PROGRESS_EVERY_BYTES) {
        reported = bytes;
        onBytes(bytes);
      }
    });
    try {
      await pipeline(read, createWriteStream(part, { flags: 'wx', mode: 0o600 }), { signal });
      if (signal.aborted) throw new Error('cancelled');
      await rename(part, target);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  private failed(send: (patch: Partial<ExportProgress>) => void, failure: AppFailure): AppFailure {
    send({ state: 'failed', problem: failure.toAppError() });
    return failure;
  }

  /** Resolves where the export goes and refuses the app's own data folder (symlinks followed). */
  async checkDestination(destination: string): Promise<string> {
    if (!isAbsolute(destination)) throw new AppFailure('invalid_destination', {}, { field: 'destination' });
    const folder = resolve(destination);
    const [real, data] = await Promise.all([realpathOfNearest(folder), realpathOfNearest(resolve(this.userDataDir))]);
    const exportsFolder = join(data, 'exports');
    if (within(real, data) && !within(real, exportsFolder)) {
      throw new AppFailure('export_inside_data_folder', { folder: this.userDataDir }, { field: 'destination' });
    }
    return folder;
  }
}

/** The real path of `path`, or of its nearest existing parent with the rest appended. */
async function realpathOfNearest(path: string): Promise<string> {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      return join(await realpath(at), ...rest.reverse());
    } catch {
      const parent = dirname(at);
      if (parent === at) return path;
      rest.push(at.slice(parent.length).replace(/^[\\/]+/, ''));
      at = parent;
    }
  }
}

function within(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
