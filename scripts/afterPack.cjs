// electron-builder afterPack hook: flips Electron's fuses in the packaged binary, before signing,
// so that the shipped app cannot be turned into a general-purpose Node runtime or load code from
// outside its integrity-checked asar.
const path = require('node:path');

const BINARY_SUFFIX = { darwin: '.app', mas: '.app', win32: '.exe', linux: '' };

/**
 * Every fuse that hardens the packaged app, by its @electron/fuses `FuseV1Options` name.
 * Kept as plain data so a unit test can check each one without packaging.
 */
const HARDENING_FUSES = Object.freeze({
  // No ELECTRON_RUN_AS_NODE: the binary is never a general-purpose Node.
  RunAsNode: false,
  // Cookies on disk are encrypted with the OS keychain's key.
  EnableCookieEncryption: true,
  // NODE_OPTIONS and --inspect* cannot inject code or open a debugger into the app.
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  // The app loads only from app.asar, and (where Electron supports it) that asar's hash is checked.
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  // One V8 snapshot for every process: a replaced browser snapshot file is not loaded.
  LoadBrowserProcessSpecificV8Snapshot: false,
  // file:// gets no more than a web page's privileges; the app uses its own protocol.
  GrantFileProtocolExtraPrivileges: false,
});

// Electron validates the embedded asar integrity on macOS and Windows only.
const ASAR_INTEGRITY_PLATFORMS = new Set(['darwin', 'mas', 'win32']);

/** The fuses to flip for one platform, by name. */
function fusesFor(platform) {
  const fuses = { ...HARDENING_FUSES };
  if (!ASAR_INTEGRITY_PLATFORMS.has(platform)) delete fuses.EnableEmbeddedAsarIntegrityValidation;
  return fuses;
}

/** @param {import('electron-builder').AfterPackContext} context */
async function afterPack(context) {
  // @electron/fuses 2 is ESM-only.
  const { flipFuses, FuseVersion, FuseV1Options } = await import('@electron/fuses');
  const { Arch } = require('electron-builder');
  const { appOutDir, electronPlatformName, packager, arch } = context;
  const name = electronPlatformName === 'linux' ? packager.executableName : packager.appInfo.productFilename;
  const binary = path.join(appOutDir, `${name}${BINARY_SUFFIX[electronPlatformName] ?? ''}`);

  const config = {
    version: FuseVersion.V1,
    // Flipping a fuse invalidates the ad-hoc signature an arm64 Mac needs to launch at all.
    resetAdHocDarwinSignature: electronPlatformName === 'darwin' && arch === Arch.arm64,
  };
  for (const [fuse, value] of Object.entries(fusesFor(electronPlatformName))) {
    if (FuseV1Options[fuse] === undefined) throw new Error(`This @electron/fuses does not know the fuse ${fuse}.`);
    config[FuseV1Options[fuse]] = value;
  }
  await flipFuses(binary, config);
}

exports.default = afterPack;
exports.HARDENING_FUSES = HARDENING_FUSES;
exports.fusesFor = fusesFor;
