import type { CommandName, LibraryHealth as HealthView } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { jobCommands } from '../jobs/jobKinds.ts';
import type { JobSalvage } from './jobSalvage.ts';

/**
 * Commands that ask the service for new paid work: each job kind's own (the job kinds' table
 * names it), and those that send a job again. None is taken while the library is damaged or being
 * rebuilt: its intent could not be kept safely (the intent is committed before a byte is sent).
 */
export const PAID_COMMANDS: ReadonlySet<CommandName> = new Set<CommandName>([
  ...jobCommands(),
  'jobs.retry',
  // A job in doubt sent again as a new request: new work, which may be charged.
  'jobs.sendAgain',
]);

const HEALTHY: HealthView = { state: 'ok', message: null, movedTo: null };

/** One profile's library health: what the banner says and whether paid work is taken. */
export class LibraryHealth {
  private current: HealthView = HEALTHY;
  private readonly changed: (view: HealthView) => void;

  constructor(changed: (view: HealthView) => void) {
    this.changed = changed;
  }

  get view(): HealthView {
    return this.current;
  }

  get state(): HealthView['state'] {
    return this.current.state;
  }

  set(view: HealthView): HealthView {
    this.current = view;
    this.changed(view);
    return view;
  }

  /** A new library in place of a damaged one, being filled again. */
  rebuilding(movedTo: string, jobs: JobSalvage | null = null): HealthView {
    return this.set({
      state: 'rebuilding',
      movedTo,
      message: `Your library file was damaged, so Cast Studio moved it to ${movedTo} and started a new one. It is being rebuilt from the service and the media files on this computer; new paid work waits until that is done.${salvageSentences(jobs)}`,
    });
  }

  rebuilt(movedTo: string, counts: { items: number; relinked: number }, jobs: JobSalvage | null = null): HealthView {
    const files = counts.relinked === 1 ? '1 media file was' : `${counts.relinked.toLocaleString('en')} media files were`;
    const items = counts.items === 1 ? '1 item' : `${counts.items.toLocaleString('en')} items`;
    return this.set({
      state: 'ok',
      movedTo,
      message: `Your library was rebuilt: ${items} came back from the service and ${files} found again on this computer without downloading.${salvageSentences(jobs)} The damaged file is kept at ${movedTo}.`,
    });
  }

  checking(): HealthView {
    return this.set({ state: 'checking', movedTo: this.current.movedTo, message: 'Checking the library’s integrity…' });
  }

  passed(): HealthView {
    return this.set({ state: 'ok', movedTo: null, message: 'The library passed a full integrity check: nothing is damaged.' });
  }

  /** A check that could not look at the file: no verdict, and nothing is moved. */
  inconclusive(): HealthView {
    return this.set({
      state: 'ok',
      movedTo: null,
      message: 'Cast Studio could not check the library just now. Close other programs that may hold the file and try again.',
    });
  }

  damaged(): HealthView {
    return this.set({
      state: 'damaged',
      movedTo: null,
      message:
        'The full integrity check found damage in your library file. Repair it to move it aside and rebuild the library from the service and the media files on this computer; new paid work waits until then.',
    });
  }

  /** Throws the sentence paid commands answer while the library cannot take new work. */
  refusePaidWork(): void {
    if (this.current.state === 'rebuilding') {
      throw new AppFailure('library_rebuilding', {});
    }
    if (this.current.state === 'damaged') {
      throw new AppFailure('library_damaged', {});
    }
  }
}

/**
 * What the banner says of the job queue read back from the damaged file: the jobs put back (each
 * with its original key, so a resend is never a second charge) and those that could not be read.
 */
function salvageSentences(jobs: JobSalvage | null): string {
  if (!jobs) return '';
  const out: string[] = [];
  if (jobs.recovered > 0) {
    const what = jobs.recovered === 1 ? '1 queued job was' : `${jobs.recovered.toLocaleString('en')} queued jobs were`;
    out.push(
      `${what} recovered from the damaged file and will be sent with ${jobs.recovered === 1 ? 'its' : 'their'} original keys, so nothing is charged twice.`,
    );
  }
  if (jobs.unreadable === null) {
    out.push('The job queue in the damaged file could not be read: check the queue and make again any job that is missing.');
  } else if (jobs.unreadable > 0) {
    const what = jobs.unreadable === 1 ? '1 queued job' : `${jobs.unreadable.toLocaleString('en')} queued jobs`;
    out.push(
      `${what} could not be read from the damaged file and may need to be made again; anything the service already made comes back with the rebuild.`,
    );
  }
  return out.length ? ` ${out.join(' ')}` : '';
}
