import type { Clock } from '../clock/clock.ts';
import type { ConnectionProblemReason } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { NewerLibraryError } from '../library/libraryDatabase.ts';
import {
  openCheckedLibrary,
  type CheckedLibrary,
  type IntegrityFinding,
  type LibraryRebuild,
  type StartCheck,
} from '../library/libraryIntegrity.ts';
import type { Logger } from '../log/logger.ts';
import type { ProfileRecord, ProfileStore } from '../profiles/profileStore.ts';
import type { Session } from './session.ts';
import type { SessionTuning } from './sessionOptions.ts';
import { libraryFileOf } from './sessionStores.ts';

export type LibraryRepairDeps = {
  profiles: ProfileStore;
  userDataDir: string;
  clock: Clock;
  log: Logger;
  tuning?: SessionTuning | undefined;
};

/** What the library's checks need of the connection in use. */
export type LibraryRepairHost = {
  /** The session in use, if any. */
  session: () => Session | null;
  /**
   * After any switch already asked for, closes the connection in use and opens `record` again on a
   * new library in place of its damaged one (`damaged.log` says why, in the log's words). With
   * `onlyIf`, only while that session is still the one in use by then.
   */
  replaceLibrary: (record: ProfileRecord, damaged: { log: string }, onlyIf: Session | null) => Promise<void>;
  /** The connection's state changed: say so. */
  changed: () => void;
};

/**
 * How long a library's start check waits before it reads the whole file (about half a second of a
 * core's time at 100,000 items), unless paid work asks for its verdict first: the window's first
 * screen and its thumbnails come first. The session's own work starts after the check.
 */
const START_CHECK_DELAY_MS = 1_000;

/**
 * The library in use and its health on opening: opened beside its start check, its session's work
 * started once the check passed, and a damaged library moved aside and replaced by one that
 * rebuilds itself, whether the start check found the damage or the full check in Settings → Library
 * did (Repair). Only the profile in use closes and opens again; LibraryRebuilder fills the new file.
 */
export class LibraryRepair {
  private readonly deps: LibraryRepairDeps;
  private readonly host: LibraryRepairHost;
  private startChecked: Promise<void> = Promise.resolve();
  /** The library in use's start check while it waits to begin (openCheckedLibrary). */
  private startCheck: StartCheck | null = null;

  constructor(deps: LibraryRepairDeps, host: LibraryRepairHost) {
    this.deps = deps;
    this.host = host;
  }

  /**
   * Opens the profile's library with `build` and starts its check beside it. `damaged`: the library
   * is known to be damaged, and why; it is moved aside and a new one opened to be rebuilt. Throws
   * when the library cannot be opened at all.
   */
  open(profileId: string, damaged: string | null, build: (rebuild: LibraryRebuild | null) => Session): Promise<CheckedLibrary<Session>> {
    const checks = {
      now: () => this.deps.clock.now(),
      log: this.deps.log,
      damaged,
      checkAfterMs: this.deps.tuning?.startCheckDelayMs ?? START_CHECK_DELAY_MS,
    };
    return openCheckedLibrary(libraryFileOf(this.deps.userDataDir, profileId), checks, build);
  }

  /** `opened` is the library in use now (the window reads it at once): its start check is acted on. */
  inUse(opened: CheckedLibrary<Session>): void {
    this.startCheck = opened.check;
    this.startChecked = this.afterStartCheck(opened.library, opened.checked);
  }

  /** The library in use closed: a start check still waiting to begin never does. */
  closed(): void {
    this.startCheck?.cancel();
    this.startCheck = null;
  }

  /**
   * Settles once the library in use's start check is through and acted on: paid commands wait for
   * it, so no new paid work goes into a file that turns out to be damaged. A check still waiting to
   * begin begins now.
   */
  whenChecked(): Promise<void> {
    this.startCheck?.now();
    return this.startChecked;
  }

  /**
   * Moves the active profile's damaged library aside and opens a new one that rebuilds itself
   * (Settings → Library → Repair, after a failed integrity check).
   */
  async repair(): Promise<void> {
    const id = this.host.session()?.profile.id;
    const record = id ? this.deps.profiles.get(id) : null;
    if (!record) throw new AppFailure('no_connection', {});
    await this.host.replaceLibrary(record, { log: 'The full integrity check failed.' }, null);
    this.host.changed();
  }

  /**
   * What the start check of `session`'s library found, acted on while it is still the one in use:
   * passed (or could not look), the session starts its work; damaged, the library is replaced
   * (after any switch already asked for). Never rejects.
   */
  private async afterStartCheck(session: Session, checked: Promise<IntegrityFinding>): Promise<void> {
    const finding = await checked;
    if (this.host.session() !== session) return;
    const { log, profiles } = this.deps;
    if (finding.verdict !== 'damaged') {
      try {
        session.start();
      } catch (error) {
        // The library still reads and answers the window; the log says what could not resume.
        log.error('The connection opened, but its work could not resume.', { profile: session.profile.id, error });
      }
      return;
    }
    log.warn('The start check found damage in the library.', { profile: session.profile.id, detail: finding.log });
    const record = profiles.get(session.profile.id);
    if (record)
      await this.host
        .replaceLibrary(record, finding, session)
        .catch((error: unknown) => log.error('The damaged library could not be replaced.', { error }));
    this.host.changed();
  }
}

/** Why a library could not be opened, as the page words it: written by a newer Cast Studio, or not openable. */
export function libraryProblem(error: unknown): ConnectionProblemReason {
  return error instanceof NewerLibraryError ? 'library_newer' : 'library_unopenable';
}
