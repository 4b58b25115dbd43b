import { app, Notification, type BrowserWindow } from 'electron';
import { Job } from '../../shared/ipc/models.ts';
import { jobNotice } from './jobNotice.ts';
import { QueueProgress } from './queueProgress.ts';
import type { ShellWords } from './shellWords.ts';
import type { RouterLike } from '../../shared/ipc/bridgeFrames.ts';

type JobWatcherOptions = {
  router: RouterLike & { emit(event: 'notification.clicked', payload: { itemId: string }): void };
  window: () => BrowserWindow | null;
  /** The user's "notify me" setting, read at the moment a job finishes. */
  notificationsEnabled: () => Promise<boolean>;
  /** The shell's words as the job finishes: Settings' language at that moment. */
  words: () => Promise<ShellWords>;
};

/**
 * Desktop manners driven by `job.updated`: the dock or taskbar shows progress while the queue
 * works, and a finished job raises a native notification whose click brings the window forward and
 * tells the renderer to open the item (`notification.clicked`).
 */
export function watchJobs(options: JobWatcherOptions): () => void {
  const progress = new QueueProgress();
  // Notifications that are only referenced by the OS may be collected before their click arrives.
  const shown = new Set<Notification>();

  return options.router.subscribe((event, payload) => {
    if (event !== 'job.updated') return;
    const parsed = Job.safeParse(payload);
    if (!parsed.success) return;
    const summary = progress.update(parsed.data);
    const win = options.window();
    if (win && !win.isDestroyed()) {
      // -1 removes the bar; 2 is indeterminate until some job reports progress.
      win.setProgressBar(summary.working === 0 ? -1 : (summary.fraction ?? 2));
    }
    app.setBadgeCount(summary.working);
    for (const job of summary.finished) void notify(job);
  });

  async function notify(job: Job): Promise<void> {
    if (!Notification.isSupported() || !(await options.notificationsEnabled())) return;
    const win = options.window();
    if (win && !win.isDestroyed() && win.isFocused()) return; // the user is watching already
    const notification = new Notification(jobNotice(job, await options.words()));
    shown.add(notification);
    notification.on('close', () => shown.delete(notification));
    notification.on('click', () => {
      shown.delete(notification);
      const target = options.window();
      if (target && !target.isDestroyed()) {
        if (target.isMinimized()) target.restore();
        target.show();
        target.focus();
      }
      options.router.emit('notification.clicked', { itemId: job.resourceId ?? job.id });
    });
    notification.show();
  }
}
