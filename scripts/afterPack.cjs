// electron-builder afterPack hook: flips Electron's fuses in the packaged binary, before signing,
// so that the shipped app cannot be turned into a general-purpose Node runtime or load code from
// outside its integrity-checked asar.
const path = require('node:path');
const { Arch } = require('electron-builder');

const BINARY_SUFFIX = { darwin: '.app', mas: '.app', win32: '.exe', linux: '' };

/** @param {import('electron-builder').AfterPackContext} context */
exports.default = async function afterPack(context) {
  // @electron/fuses 2 is ESM-only.
  const { flipFuses, FuseVersion, FuseV1Options } = await import('@electron/fuses');
  const { appOutDir, electronPlatformName, packager, arch } = context;
  const name = electronPlatformName === 'linux' ? packager.executableName : packager.appInfo.productFilename;
  const binary = path.join(appOutDir, `${name}${BINARY_SUFFIX[electronPlatformName] ?? ''}`);

  await flipFuses(binary, {
    version: FuseVersion.V1,
    // Flipping a fuse invalidates the ad-hoc signature an arm64 Mac needs to launch at all.
    resetAdHocDarwinSignature: electronPlatformName === 'darwin' && arch === Arch.arm64,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  });
};
