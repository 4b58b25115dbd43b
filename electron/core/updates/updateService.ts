import type { PaidWorkInFlight, Settings, UpdateStatus } from '../../../shared/ipc/index.ts';
import type { Logger } from '../log/logger.ts';
import { CHECK_EVERY_MS, installDecision, releaseNotesText, updaterSettings, type UpdaterSettings } from './updatePolicy.ts';

/** What the updater reports, in the app's words (the desktop shell turns electron-updater's events into these). */
export type UpdaterEvent =
  | { kind: 'checking' }
  | { kind: 'none' }
  | { kind: 'available'; version: string }
  | { kind: 'progress'; percent: number }
  | { kind: 'downloaded'; version: string; notes: unknown }
  | { kind: 'error'; message: string };

/** The updater as the service drives it: electron-updater in the desktop app. */
export type Updater = {
  configure(settings: UpdaterSettings): void;
  check(): Promise<void>;
  download(): Promise<void>;
  /** Quits and starts the downloaded version. Called only when `installDecision` says now. */
  restart(): Promise<void>;
  onEvent(listener: (event: UpdaterEvent) => void): void;
};

export type UpdateServiceDeps = {
  updater: Updater;
  /** Core's queue: paid requests being sent or in doubt; null when core cannot say. */
  paidWork: () => Promise<PaidWorkInFlight | null>;
  emit: (status: UpdateStatus) => void;
  log: Logger;
  now?: () => Date;
  /** Runs `check` every few hours; returns what stops it. Default setInterval. */
  every?: (run: () => void, ms: number) => () => void;
};

/**
 * The desktop app's updates as a state the page sees: checked at start and every few hours (when the
 * person leaves automatic updates on), downloaded in the background, and a restart into them only
 * on request and never while a paid request is being sent: it waits for the queue instead.
 */
export class UpdateService {
  private readonly deps: UpdateServiceDeps;
  private current: UpdateStatus = { state: 'idle', checkedAt: null, automatic: true };
  private settings: Pick<Settings, 'autoUpdate' | 'updateChannel'> = { autoUpdate: true, updateChannel: 'stable' };
  private stopTimer: (() => void) | null = null;
  private asked = false;
  private restartWanted = false;
  private applied = false;

  constructor(deps: UpdateServiceDeps) {
    this.deps = deps;
    deps.updater.onEvent((event) => this.onUpdater(event));
  }

  status(): UpdateStatus {
    return this.current;
  }

  /** Settings read at start and after each change: the channel, and whether the app looks by itself. */
  apply(settings: Pick<Settings, 'autoUpdate' | 'updateChannel'>): void {
    const changed = settings.autoUpdate !== this.settings.autoUpdate || settings.updateChannel !== this.settings.updateChannel;
    const first = !this.applied;
    this.applied = true;
    this.settings = { autoUpdate: settings.autoUpdate, updateChannel: settings.updateChannel };
    this.deps.updater.configure(updaterSettings({ channel: settings.updateChannel, automatic: settings.autoUpdate }));
    this.stopTimer?.();
    this.stopTimer = null;
    if (this.current.state === 'idle') this.set({ ...this.current, automatic: settings.autoUpdate });
    if (!settings.autoUpdate) return;
    const every = this.deps.every ?? defaultEvery;
    this.stopTimer = every(() => void this.look(false), CHECK_EVERY_MS);
    if (first || changed) void this.look(false);
  }

  /** The person's "Check for updates": also downloads what it finds, automatic updates or not. */
  async check(): Promise<UpdateStatus> {
    await this.look(true);
    return this.current;
  }

  async install(): Promise<UpdateStatus> {
    if (this.current.state !== 'ready') return this.current;
    this.restartWanted = true;
    await this.restartWhenFree();
    return this.current;
  }

  cancelInstall(): UpdateStatus {
    this.restartWanted = false;
    if (this.current.state === 'ready') this.set({ ...this.current, waitingForJobs: 0 });
    return this.current;
  }

  /** The queue moved: a restart that waits may go now. */
  jobsChanged(): void {
    if (this.restartWanted) void this.restartWhenFree();
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  private async look(asked: boolean): Promise<void> {
    if (this.current.state === 'checking' || this.current.state === 'downloading' || this.current.state === 'ready') return;
    this.asked = asked;
    this.set({ state: 'checking' });
    try {
      await this.deps.updater.check();
    } catch (error) {
      this.failed(error);
    }
  }

  private async restartWhenFree(): Promise<void> {
    const decision = installDecision(await this.deps.paidWork());
    if (!this.restartWanted || this.current.state !== 'ready') return;
    if (decision.install === 'wait') {
      this.set({ ...this.current, waitingForJobs: decision.jobs });
      return;
    }
    this.restartWanted = false;
    this.deps.log.info('Restarting into the downloaded update.', { version: this.current.version });
    await this.deps.updater.restart();
  }

  private onUpdater(event: UpdaterEvent): void {
    if (event.kind === 'checking') this.set({ state: 'checking' });
    else if (event.kind === 'none') this.set({ state: 'idle', checkedAt: this.now(), automatic: this.settings.autoUpdate });
    else if (event.kind === 'available') this.available(event.version);
    else if (event.kind === 'progress') this.progress(event.percent);
    else if (event.kind === 'downloaded') {
      const notes = releaseNotesText(event.notes);
      this.set({ state: 'ready', version: event.version, notes, waitingForJobs: 0 });
    } else this.failed(new Error(event.message));
  }

  private available(version: string): void {
    this.set({ state: 'downloading', version, percent: 0 });
    // With automatic updates off the updater only looks; a check the person asked for downloads too.
    if (!this.settings.autoUpdate && this.asked) this.deps.updater.download().catch((error: unknown) => this.failed(error));
  }

  private progress(percent: number): void {
    const version = this.current.state === 'downloading' ? this.current.version : '';
    this.set({ state: 'downloading', version, percent: Math.max(0, Math.min(100, Math.round(percent))) });
  }

  private failed(error: unknown): void {
    if (this.current.state === 'ready') return;
    this.deps.log.warn('The update check or download failed.', { error });
    this.set({ state: 'failed' });
  }

  private set(status: UpdateStatus): void {
    this.current = status;
    this.deps.emit(status);
  }

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }
}

function defaultEvery(run: () => void, ms: number): () => void {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
}
