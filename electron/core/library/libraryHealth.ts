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

const HEALTHY: HealthView = { state: 'ok', notice: null, movedTo: null, rebuilt: null, salvage: null };

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
    return this.set({ state: 'rebuilding', notice: 'rebuilding', movedTo, rebuilt: null, salvage: jobs });
  }

  rebuilt(movedTo: string, counts: { items: number; relinked: number }, jobs: JobSalvage | null = null): HealthView {
    return this.set({
      state: 'ok',
      notice: 'rebuilt',
      movedTo,
      rebuilt: { items: counts.items, relinked: counts.relinked },
      salvage: jobs,
    });
  }

  checking(): HealthView {
    return this.set({ ...HEALTHY, state: 'checking', notice: 'checking', movedTo: this.current.movedTo });
  }

  passed(): HealthView {
    return this.set({ ...HEALTHY, notice: 'passed' });
  }

  /** A check that could not look at the file: no verdict, and nothing is moved. */
  inconclusive(): HealthView {
    return this.set({ ...HEALTHY, notice: 'inconclusive' });
  }

  damaged(): HealthView {
    return this.set({ ...HEALTHY, state: 'damaged', notice: 'damaged' });
  }

  /** Throws the refusal paid commands answer while the library cannot take new work. */
  refusePaidWork(): void {
    if (this.current.state === 'rebuilding') {
      throw new AppFailure('library_rebuilding', {});
    }
    if (this.current.state === 'damaged') {
      throw new AppFailure('library_damaged', {});
    }
  }
}
