// The summary "Copy diagnostics" puts on the clipboard for a bug report: what runs, what it is
// connected to and what went wrong lately, with every secret and the person's home folder taken out.
// Pure: core gathers the facts, this writes and cleans the text.

export type DiagnosticFacts = {
  version: string;
  build: string | null;
  host: 'electron' | 'browser';
  node: string;
  electron: string | null;
  chromium: string | null;
  /** The browser the page runs in, as the page tells it (the browser host). */
  page: string | null;
  os: string;
  connection: { kind: 'sandbox' | 'remote'; baseUrl: string } | null;
  library: { items: number; bytes: number; pendingDownloads: number; failedDownloads: number } | null;
  recentErrors: Array<{ what: string; code: string | null; message: string; at: string }>;
  /** The crash a previous run left, with the first lines of its stack. */
  lastCrash?: { summary: string; stack: string[] } | null;
};

/** Takes out the secrets the app knows by value (the API keys, the admin token): core's log redactor. */
export type KnownSecrets = { text(value: string): string };

export type Redaction = { secrets: KnownSecrets; homeDir: string };

const REDACTED = '[redacted]';

// Shapes of secrets whatever their value: service keys, webhook secrets, bearer credentials,
// a value named as a key, token, secret or password, and any long run of key-like characters.
const SECRET_SHAPES: Array<[RegExp, string]> = [
  [/\b(?:sk|pk|rk)_(?:live|test)_[0-9A-Za-z]+/g, REDACTED],
  [/\bwhsec_[0-9A-Za-z]+/g, REDACTED],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [/\b(api[_-]?key|apikey|key|token|admin[_-]?token|secret|password|authorization)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi, `$1$2${REDACTED}`],
  [/\/\/[^\s/@:]+:[^\s/@]+@/g, `//${REDACTED}@`],
];
// Without `/`, so a long path is not mistaken for one.
const LONG_RUN = /[A-Za-z0-9+_-]{32,}={0,2}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Anyone's home folder, also one that is not this person's (a path copied from another machine).
const HOME_PATHS = [/\/(?:home|Users)\/[^/\s"']+/g, /[A-Za-z]:\\Users\\[^\\\s"']+/g];

/** The text with every secret and personal path taken out. */
export function redactDiagnostics(text: string, redaction: Redaction): string {
  let out = redaction.secrets.text(text);
  for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement);
  out = out.replace(LONG_RUN, (run) => (UUID.test(run) ? run : REDACTED));
  out = withoutHome(out, redaction.homeDir);
  for (const path of HOME_PATHS) out = out.replace(path, '~');
  return out;
}

function withoutHome(text: string, homeDir: string): string {
  const home = homeDir.replace(/[/\\]+$/, '');
  if (home.length < 2) return text;
  const forms = new Set([home, home.replaceAll('\\', '/'), home.replaceAll('/', '\\')]);
  let out = text;
  // Only the whole folder: `/home/mira` in `/home/mira/x`, not in `/home/miranda`.
  for (const form of forms) out = out.replace(new RegExp(`${escaped(form)}(?![A-Za-z0-9._-])`, 'g'), '~');
  return out;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The summary for a bug report, redacted. */
export function diagnosticsText(facts: DiagnosticFacts, redaction: Redaction): string {
  const lines = [
    'Cast Studio diagnostics',
    `Version: ${facts.version}${facts.build ? ` (build ${facts.build})` : ''}`,
    `Running in: ${facts.host === 'electron' ? 'the desktop app' : 'the browser host'}`,
    `Versions: ${versionsLine(facts)}`,
    `System: ${facts.os}`,
    `Connection: ${connectionLine(facts.connection)}`,
    `Library: ${libraryLine(facts.library)}`,
    'Recent errors:',
    ...(facts.recentErrors.length === 0
      ? ['  none']
      : facts.recentErrors.map((e) => `  ${e.at} ${e.what}${e.code ? ` [${e.code}]` : ''}: ${e.message}`)),
    ...(facts.lastCrash ? ['Last crash:', `  ${facts.lastCrash.summary}`, ...facts.lastCrash.stack.map((line) => `    ${line}`)] : []),
  ];
  return redactDiagnostics(lines.join('\n'), redaction);
}

function versionsLine(facts: DiagnosticFacts): string {
  const parts = [`Node ${facts.node}`];
  if (facts.electron) parts.push(`Electron ${facts.electron}`);
  if (facts.chromium) parts.push(`Chromium ${facts.chromium}`);
  if (facts.page) parts.push(`page in ${facts.page}`);
  return parts.join(', ');
}

function connectionLine(connection: DiagnosticFacts['connection']): string {
  if (!connection) return 'none';
  let host: string;
  try {
    host = new URL(connection.baseUrl).host;
  } catch {
    host = 'an address that is not a URL';
  }
  return `${connection.kind === 'sandbox' ? 'the sandbox' : 'a remote service'} at ${host}`;
}

function libraryLine(library: DiagnosticFacts['library']): string {
  if (!library) return 'none open';
  const megabytes = (library.bytes / 1_000_000).toFixed(1);
  return `${library.items} items, ${megabytes} MB of media, ${library.pendingDownloads} downloads waiting, ${library.failedDownloads} failed`;
}
