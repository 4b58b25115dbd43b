import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

type FuseName = Extract<keyof typeof FuseV1Options, string>;
interface PackagingHook {
  default: (context: unknown) => Promise<void>;
  HARDENING_FUSES: Readonly<Record<string, boolean>>;
  fusesFor: (platform: string) => Record<string, boolean>;
}

const hook = require('../../../../scripts/afterPack.cjs') as PackagingHook;

/** What a packaged Cast Studio must have: each fuse that hardens it, and its value. */
const REQUIRED: Record<string, boolean> = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false,
};

// The sentinel Electron puts before its fuse wire, then wire version 1 and nine fuses as Electron
// ships them (RunAsNode, NodeOptions, inspect, file:// privileges and wasm traps on; the rest off).
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const STOCK_WIRE = '101100011';

const scratch = mkdtempSync(join(tmpdir(), 'cast-fuses-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A file laid out like an Electron binary where the fuses live: padding, sentinel, wire, padding. */
function stockBinary(path: string): void {
  const wire = Buffer.from([1, STOCK_WIRE.length, ...Buffer.from(STOCK_WIRE)]);
  writeFileSync(path, Buffer.concat([Buffer.alloc(4096, 0x7f), Buffer.from(SENTINEL), wire, Buffer.alloc(4096, 0x7f)]));
}

async function packagedFuses(platform: 'linux' | 'win32'): Promise<Record<string, FuseState>> {
  const appOutDir = mkdtempSync(join(scratch, `${platform}-`));
  const binary = join(appOutDir, platform === 'linux' ? 'cast-studio' : 'Cast Studio.exe');
  stockBinary(binary);
  await hook.default({
    appOutDir,
    electronPlatformName: platform,
    arch: 1,
    packager: { executableName: 'cast-studio', appInfo: { productFilename: 'Cast Studio' } },
  });
  const wire = await getCurrentFuseWire(binary);
  const out: Record<string, FuseState> = {};
  for (const name of Object.keys(REQUIRED)) out[name] = wire[FuseV1Options[name as FuseName] as unknown as keyof typeof wire] as FuseState;
  return out;
}

const stateOf = (value: boolean) => (value ? FuseState.ENABLE : FuseState.DISABLE);

describe('the packaging hook hardens the Electron binary', () => {
  it('declares every hardening fuse with its hardened value', () => {
    expect(hook.HARDENING_FUSES).toEqual(REQUIRED);
    for (const name of Object.keys(hook.HARDENING_FUSES)) expect(FuseV1Options[name as FuseName], name).toBeTypeOf('number');
  });

  it('checks the asar integrity only where Electron supports it (macOS and Windows)', () => {
    expect(hook.fusesFor('darwin').EnableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(hook.fusesFor('win32').EnableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(hook.fusesFor('linux')).not.toHaveProperty('EnableEmbeddedAsarIntegrityValidation');
    for (const platform of ['darwin', 'win32', 'linux']) {
      const { EnableEmbeddedAsarIntegrityValidation: _, ...rest } = REQUIRED;
      expect(hook.fusesFor(platform)).toMatchObject(rest);
    }
  });

  it.each(['linux', 'win32'] as const)('flips every fuse in a %s binary', async (platform) => {
    const fuses = await packagedFuses(platform);
    for (const [name, value] of Object.entries(REQUIRED)) {
      if (platform === 'linux' && name === 'EnableEmbeddedAsarIntegrityValidation') continue;
      expect(fuses[name], name).toBe(stateOf(value));
    }
  });
});
