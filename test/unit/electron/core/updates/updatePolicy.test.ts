import type { AppUpdater } from 'electron-updater';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider.js';
import { getChannelFilename, newUrlFromBase } from 'electron-updater/out/util.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  channelFile,
  feedSourceOf,
  feedUrl,
  installDecision,
  releaseNotesText,
  updaterSettings,
} from '../../../../../electron/core/updates/updatePolicy.ts';

const FEED = 'https://updates.cast.example/desktop';

/** The address electron-updater's own generic provider reads for a channel on a platform. */
function updaterReads(channel: string, platform: 'darwin' | 'linux' | 'win32', arch: string): string {
  process.env.TEST_UPDATER_ARCH = arch;
  const updater = { channel, isAddNoCacheQuery: false } as unknown as AppUpdater;
  const provider = new GenericProvider({ provider: 'generic', url: FEED }, updater, {
    platform,
    executor: null as never,
    isUseMultipleRangeRequest: false,
  });
  // As its getLatestVersion does: the channel file of its channel, from its base address.
  const { channel: name, baseUrl } = provider as unknown as { channel: string; baseUrl: URL };
  return newUrlFromBase(getChannelFilename(name), baseUrl).href;
}

afterEach(() => {
  delete process.env.TEST_UPDATER_ARCH;
});

describe('the update feed per channel and platform', () => {
  const cases: Array<['darwin' | 'linux' | 'win32', string, string, string]> = [
    ['darwin', 'arm64', 'latest-mac.yml', 'beta-mac.yml'],
    ['win32', 'x64', 'latest.yml', 'beta.yml'],
    ['linux', 'x64', 'latest-linux.yml', 'beta-linux.yml'],
    ['linux', 'arm64', 'latest-linux-arm64.yml', 'beta-linux-arm64.yml'],
  ];

  it.each(cases)('on %s %s reads %s for stable and %s for beta, as electron-updater does', (platform, arch, stable, beta) => {
    expect(channelFile('stable', platform, arch)).toBe(stable);
    expect(channelFile('beta', platform, arch)).toBe(beta);
    for (const channel of ['stable', 'beta'] as const) {
      const url = feedUrl({ provider: 'generic', url: FEED }, channel, platform, arch);
      expect(url).toBe(`${FEED}/${channel === 'stable' ? stable : beta}`);
      expect(url).toBe(updaterReads(updaterSettings({ channel, automatic: true }).channel, platform, arch));
    }
  });

  it('tells the updater the channel, pre-releases only on beta, never a downgrade, and no install on quit', () => {
    expect(updaterSettings({ channel: 'stable', automatic: true })).toEqual({
      channel: 'latest',
      allowPrerelease: false,
      allowDowngrade: false,
      autoDownload: true,
      autoInstallOnAppQuit: false,
    });
    expect(updaterSettings({ channel: 'beta', automatic: false })).toMatchObject({
      channel: 'beta',
      allowPrerelease: true,
      autoDownload: false,
    });
  });

  it('reads the feed electron-builder wrote, and refuses one that is not HTTPS', () => {
    expect(feedSourceOf(`provider: generic\nurl: '${FEED}'\nupdaterCacheDirName: cast-studio-updater\n`)).toEqual({
      provider: 'generic',
      url: FEED,
    });
    expect(feedSourceOf('owner: cast-studio\nrepo: desktop\nprovider: github\n')).toEqual({
      provider: 'github',
      owner: 'cast-studio',
      repo: 'desktop',
    });
    expect(feedSourceOf('provider: generic\nurl: http://updates.cast.example/\n')).toEqual({ problem: 'feed_not_https' });
    expect(feedSourceOf('provider: generic\n')).toEqual({ problem: 'no_feed' });
    expect(feedUrl({ provider: 'github', owner: 'cast-studio', repo: 'desktop' }, 'beta', 'darwin', 'arm64')).toBe(
      'https://github.com/cast-studio/desktop/releases.atom',
    );
  });
});

describe('when a downloaded update may restart the app', () => {
  it('restarts only when no paid request is being sent or in doubt, and waits when core cannot say', () => {
    expect(installDecision({ sending: 0, inDoubt: 0 })).toEqual({ install: 'now' });
    expect(installDecision({ sending: 2, inDoubt: 0 })).toEqual({ install: 'wait', jobs: 2 });
    expect(installDecision({ sending: 0, inDoubt: 1 })).toEqual({ install: 'wait', jobs: 1 });
    expect(installDecision(null)).toEqual({ install: 'wait', jobs: 1 });
  });
});

describe('release notes from the feed', () => {
  it('become plain text: markup taken out, one entry per version joined', () => {
    expect(releaseNotesText('<h2>Faster</h2><ul><li>Gallery &amp; queue</li><li><script>x()</script>Voices</li></ul>')).toBe(
      'Faster\n• Gallery & queue\n• x()Voices',
    );
    expect(
      releaseNotesText([
        { version: '1.1.0', note: 'One' },
        { version: '1.0.1', note: null },
        { version: '1.0.0', note: 'Two' },
      ]),
    ).toBe('One\n\nTwo');
    expect(releaseNotesText(null)).toBeNull();
    expect(releaseNotesText('x'.repeat(5000))).toHaveLength(4000);
  });
});
