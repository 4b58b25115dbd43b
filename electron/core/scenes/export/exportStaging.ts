import { open, rm, type FileHandle } from 'node:fs/promises';
import { AppFailure } from '../../ipc/appFailure.ts';

/** An export whose pieces stop coming for this long is abandoned (a closed window): its file goes. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Bytes one export may stage: far past any scene (1,000 lines of 15 s), short of filling a disk by mistake. */
export const MAX_STAGED_BYTES = 16 * 1024 * 1024 * 1024;

type Staged = { path: string; handle: FileHandle; size: number; timer: NodeJS.Timeout };

/**
 * The joined MP4 on its way in from the renderer: each piece is written where the renderer's MP4
 * writer put it (it goes back to fill in box sizes), into a private partial file of the media
 * store. `take` hands the finished file over; `discard` removes it (a cancel, a failure).
 */
export class ExportStaging {
  private readonly pathFor: (exportId: string) => string;
  private readonly staged = new Map<string, Staged>();
  private readonly opening = new Map<string, Promise<Staged>>();

  constructor(pathFor: (exportId: string) => string) {
    this.pathFor = pathFor;
  }

  async write(exportId: string, position: number, bytes: Uint8Array): Promise<void> {
    if (position + bytes.length > MAX_STAGED_BYTES) {
      await this.discard(exportId);
      throw new AppFailure('export_too_large', {});
    }
    const staged = await this.stagedFor(exportId);
    await staged.handle.write(bytes, 0, bytes.length, position);
    staged.size = Math.max(staged.size, position + bytes.length);
    staged.timer.refresh();
  }

  /** The finished file and its size; the caller owns it from here (moves or removes it). */
  async take(exportId: string): Promise<{ path: string; size: number } | null> {
    const staged = this.staged.get(exportId);
    if (!staged) return null;
    this.staged.delete(exportId);
    clearTimeout(staged.timer);
    await staged.handle.close();
    return { path: staged.path, size: staged.size };
  }

  async discard(exportId: string): Promise<boolean> {
    const opening = this.opening.get(exportId);
    if (opening) await opening.catch(() => null);
    const staged = this.staged.get(exportId);
    if (!staged) return false;
    this.staged.delete(exportId);
    clearTimeout(staged.timer);
    await staged.handle.close().catch(() => undefined);
    await rm(staged.path, { force: true });
    return true;
  }

  /** Stops every export in progress and removes what they staged. */
  async close(): Promise<void> {
    await Promise.all([...this.staged.keys()].map((id) => this.discard(id)));
  }

  private stagedFor(exportId: string): Promise<Staged> {
    const staged = this.staged.get(exportId);
    if (staged) return Promise.resolve(staged);
    let opening = this.opening.get(exportId);
    if (!opening) {
      opening = this.openStaged(exportId).finally(() => this.opening.delete(exportId));
      this.opening.set(exportId, opening);
    }
    return opening;
  }

  private async openStaged(exportId: string): Promise<Staged> {
    const path = this.pathFor(exportId);
    const handle = await open(path, 'w', 0o600);
    const timer = setTimeout(() => void this.discard(exportId), ABANDONED_AFTER_MS);
    timer.unref();
    const staged: Staged = { path, handle, size: 0, timer };
    this.staged.set(exportId, staged);
    return staged;
  }
}
