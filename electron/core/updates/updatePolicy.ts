// The update decisions, apart from the updater that carries them out: which channel file the app
// reads for a channel on a platform, what the updater is told, and when a downloaded update may
// restart the app. Pure, so the desktop shell stays a thin adapter and these run under test.
import type { PaidWorkInFlight, UpdateChannel, UpdatesOff } from '../../../shared/ipc/index.ts';

/** How often the desktop app looks for an update after the check at start. */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

/** Release notes longer than this are cut: the page shows them as text, not as a document. */
const NOTES_LIMIT = 4000;

/** Where a build looks for updates (electron-builder.yml's `publish`, written into app-update.yml). */
export type FeedSource = { provider: 'generic'; url: string } | { provider: 'github'; owner: string; repo: string };

/** What electron-updater is told for the person's choice in Settings. */
export type UpdaterSettings = {
  /** electron-builder's channel name: `latest` is the stable channel. */
  channel: 'latest' | 'beta';
  allowPrerelease: boolean;
  /** Never back: a person leaving the beta channel keeps the beta until a newer stable release. */
  allowDowngrade: false;
  autoDownload: boolean;
  /** The app restarts only when the person asks and no paid request is being sent (`installDecision`). */
  autoInstallOnAppQuit: false;
};

export function updaterSettings(choice: { channel: UpdateChannel; automatic: boolean }): UpdaterSettings {
  return {
    channel: choice.channel === 'beta' ? 'beta' : 'latest',
    allowPrerelease: choice.channel === 'beta',
    allowDowngrade: false,
    autoDownload: choice.automatic,
    autoInstallOnAppQuit: false,
  };
}

/**
 * The channel file electron-builder writes for each platform (`latest.yml` for Windows,
 * `latest-mac.yml`, `latest-linux.yml`, `latest-linux-arm64.yml`…), for the chosen channel.
 */
export function channelFile(channel: UpdateChannel, platform: NodeJS.Platform, arch: string): string {
  const name = updaterSettings({ channel, automatic: true }).channel;
  if (platform === 'darwin') return `${name}-mac.yml`;
  if (platform === 'linux') return `${name}-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
  return `${name}.yml`;
}

/** The address the app reads to learn the newest release of its channel, for the log and Settings. */
export function feedUrl(source: FeedSource, channel: UpdateChannel, platform: NodeJS.Platform, arch: string): string {
  if (source.provider === 'github') return `https://github.com/${source.owner}/${source.repo}/releases.atom`;
  const base = source.url.endsWith('/') ? source.url : `${source.url}/`;
  return new URL(channelFile(channel, platform, arch), base).href;
}

/** A feed the app may use: HTTPS only (the generic feed's address is a build setting). */
export function feedProblem(source: FeedSource): UpdatesOff | null {
  if (source.provider === 'github') return null;
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return 'feed_not_address';
  }
  return url.protocol === 'https:' ? null : 'feed_not_https';
}

/**
 * A restart into an update never cuts off a paid request: `now` only when none is being sent or in
 * doubt. Unknown (core could not say) waits as well.
 */
export function installDecision(work: PaidWorkInFlight | null): { install: 'now' } | { install: 'wait'; jobs: number } {
  if (!work) return { install: 'wait', jobs: 1 };
  const jobs = work.sending + work.inDoubt;
  return jobs === 0 ? { install: 'now' } : { install: 'wait', jobs };
}

/** Release notes as the feed gives them (HTML on GitHub, text elsewhere, or one per version) → plain text. */
export function releaseNotesText(notes: unknown): string | null {
  const parts = Array.isArray(notes)
    ? notes.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { note?: unknown }).note : entry))
    : [notes];
  const text = parts
    .filter((part): part is string => typeof part === 'string')
    .map((part) => plainText(part))
    .filter((part) => part.length > 0)
    .join('\n\n');
  if (text.length === 0) return null;
  return text.length > NOTES_LIMIT ? `${text.slice(0, NOTES_LIMIT - 1)}…` : text;
}

function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The feed of this build from the app-update.yml electron-builder writes into the resources folder
 * (flat `key: value` lines), or why there is none.
 */
export function feedSourceOf(appUpdateYml: string): FeedSource | { problem: UpdatesOff } {
  const values = new Map<string, string>();
  for (const line of appUpdateYml.split(/\r?\n/)) {
    const pair = /^([A-Za-z]+):\s*(.*?)\s*$/.exec(line);
    if (pair?.[1] && pair[2] !== undefined) values.set(pair[1], pair[2].replace(/^(['"])(.*)\1$/, '$2'));
  }
  const provider = values.get('provider');
  const source: FeedSource | null =
    provider === 'generic' && values.get('url')
      ? { provider, url: values.get('url') ?? '' }
      : provider === 'github' && values.get('owner') && values.get('repo')
        ? { provider, owner: values.get('owner') ?? '', repo: values.get('repo') ?? '' }
        : null;
  if (!source) return { problem: 'no_feed' };
  const problem = feedProblem(source);
  return problem ? { problem } : source;
}
