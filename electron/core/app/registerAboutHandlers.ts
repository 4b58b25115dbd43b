import { homedir, arch, release } from 'node:os';
import { join } from 'node:path';
import { DownloadStore } from '../downloads/downloadStore.ts';
import type { Router } from '../ipc/router.ts';
import type { Session } from '../session/session.ts';
import { readNotices } from './appNotices.ts';
import { crashSummary, dismissCrash, readLastCrash } from './crashLog.ts';
import { diagnosticsText, type DiagnosticFacts, type KnownSecrets } from './diagnostics.ts';

type AboutDeps = {
  appVersion: string;
  host: 'electron' | 'browser';
  userDataDir: string;
  /** The notices file the build wrote, where this copy of the app has it. */
  noticesFile: string | undefined;
  current: () => Session | null;
  /** Core's log redactor: it knows the keys and the admin token in use. */
  secrets: KnownSecrets;
};

const RECENT_ERRORS = 5;

/** Settings → About: versions and folders, the licence notices, and the diagnostics for a bug report. */
export function registerAboutHandlers(router: Router, deps: AboutDeps): void {
  router.register('app.about', () => ({
    version: deps.appVersion,
    node: process.versions.node,
    electron: process.versions.electron ?? null,
    chromium: process.versions.chrome ?? null,
    os: osLine(),
    dataFolder: deps.userDataDir,
    logsFolder: join(deps.userDataDir, 'logs'),
  }));
  router.register('app.notices', () => readNotices(deps.noticesFile));
  router.register('app.diagnostics', (input) => {
    const facts: DiagnosticFacts = {
      version: deps.appVersion,
      build: input.build,
      host: deps.host,
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chromium: process.versions.chrome ?? null,
      page: input.page,
      os: osLine(),
      ...sessionFacts(deps.current()),
      lastCrash: lastCrashFacts(join(deps.userDataDir, 'logs')),
    };
    return { text: diagnosticsText(facts, { secrets: deps.secrets, homeDir: homedir() }) };
  });
  // A crash of an earlier run: the page says the app closed unexpectedly until the person dismisses it.
  router.register('app.lastCrash', () => readLastCrash(join(deps.userDataDir, 'logs')));
  router.register('app.dismissCrash', () => {
    dismissCrash(join(deps.userDataDir, 'logs'));
    return { ok: true as const };
  });
}

function lastCrashFacts(logsDir: string): DiagnosticFacts['lastCrash'] {
  const crash = readLastCrash(logsDir);
  return crash ? { summary: crashSummary(crash), stack: crash.stack.slice(0, 5) } : null;
}

function osLine(): string {
  return `${process.platform} ${release()} (${arch()})`;
}

function sessionFacts(session: Session | null): Pick<DiagnosticFacts, 'connection' | 'library' | 'recentErrors'> {
  if (!session) return { connection: null, library: null, recentErrors: [] };
  const downloads = new DownloadStore(session.library);
  const waiting = downloads.notInPlace();
  const jobErrors = session.jobs
    .recent(50)
    .filter((job) => job.error_code !== null)
    .map((job) => ({ what: `${job.kind} job`, code: job.error_code, message: job.error_message ?? '', at: job.updated_at }));
  const downloadErrors = downloads.recentFailures(RECENT_ERRORS).map((row) => ({
    what: `download of a ${row.owner_kind}'s ${row.role}`,
    code: row.failure,
    message: row.error_message ?? '',
    at: row.updated_at,
  }));
  const recentErrors = [...jobErrors, ...downloadErrors].sort((a, b) => b.at.localeCompare(a.at)).slice(0, RECENT_ERRORS);
  return {
    connection: { kind: session.profile.kind, baseUrl: session.profile.baseUrl },
    library: { ...session.queries.stats(), pendingDownloads: waiting.pending, failedDownloads: waiting.failed },
    recentErrors,
  };
}
