import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The configuration as `electron-builder --config <file>` loads it (parents merged), then checked by its own schema. */
async function loaded(file: string): Promise<Configuration> {
  const config = await getConfig(root, file, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

// Compiling electron-builder's schema takes seconds on a busy machine.
describe('the packaging configuration', { timeout: 60_000 }, () => {
  it("passes electron-builder's own schema, building for all three platforms with a feed named at build time", async () => {
    const config = await loaded('electron-builder.yml');
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.CAST_UPDATE_URL}' });
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
    // The macOS updater downloads the zip; Windows' the NSIS installer; Linux' the AppImage.
    expect(JSON.stringify(config.mac?.target)).toContain('"zip"');
    expect(JSON.stringify(config.win?.target)).toContain('"nsis"');
    expect(config.linux?.target).toContain('AppImage');
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'build/entitlements.mac.plist' });
    expect(config.win).toMatchObject({ verifyUpdateCodeSignature: true, signtoolOptions: { signingHashAlgorithms: ['sha256'] } });
  });

  it('publishes to GitHub Releases from the alternative file, the rest of the build unchanged', async () => {
    const config = await loaded('electron-builder.github.yml');
    expect(config.publish).toEqual([{ provider: 'github', owner: 'cast-studio', repo: 'cast-studio', releaseType: 'release' }]);
    expect(config.appId).toBe('studio.cast.app');
    expect(config.afterPack).toBe('scripts/afterPack.cjs');
  });

  it('is refused by the same check when an option is misspelled', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null);
    const broken = { ...config, mac: { ...config.mac, notarise: true } } as Configuration;
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/configuration\.mac /);
  });
});
