// The packages the installed app contains, as package-lock.json resolves them. electron-builder packs
// what `npm list --omit dev` lists: every lockfile entry npm does not mark `dev`, the optional ones for
// other platforms included (each platform's build packs its own).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of a version 2 or 3 lockfile's `packages`, as far as the notices need it. */
export interface LockEntry {
  name?: string;
  version?: string;
  license?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, LockEntry>;
}

/** A package of the runtime tree. `path` is its folder from the project root (`node_modules/a/node_modules/b`). */
export interface RuntimePackage {
  path: string;
  name: string;
  version: string;
  /** The `license` field as the lockfile copied it from the package, if any. */
  declaredLicence: string | undefined;
  /** For another platform only: the `os` and `cpu` it installs on. */
  platform: { os: string[]; cpu: string[] } | undefined;
}

export function readLockfile(root: string): Lockfile {
  const path = join(root, 'package-lock.json');
  let lock: Lockfile;
  try {
    lock = JSON.parse(readFileSync(path, 'utf8')) as Lockfile;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${path} could not be read as JSON (${reason}); run npm install to write it.`, { cause: error });
  }
  if (!lock.packages || (lock.lockfileVersion ?? 0) < 2) {
    throw new Error(`${path} has no "packages" map (lockfile version 2 or 3): run npm install with npm 7 or newer to rewrite it.`);
  }
  return lock;
}

/** A lockfile key's package name: the part after its last `node_modules/`. */
function nameFromPath(path: string): string {
  const at = path.lastIndexOf('node_modules/');
  return at === -1 ? path : path.slice(at + 'node_modules/'.length);
}

function runtimePackage(path: string, entry: LockEntry): RuntimePackage {
  const platform = entry.optional && (entry.os || entry.cpu) ? { os: entry.os ?? [], cpu: entry.cpu ?? [] } : undefined;
  return {
    path,
    name: entry.name ?? nameFromPath(path),
    version: entry.version ?? '0.0.0',
    declaredLicence: entry.license,
    platform,
  };
}

/**
 * Every lockfile entry that is not dev-only, sorted by path. `devOptional` entries stay: they are
 * optional dependencies of runtime packages as well as dev ones, and `npm list --omit dev` keeps them.
 */
export function lockfileRuntimePackages(lock: Lockfile): RuntimePackage[] {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path !== '' && path.includes('node_modules/') && entry.dev !== true && entry.link !== true)
    .map(([path, entry]) => runtimePackage(path, entry))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveIn(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const at = base.lastIndexOf('/node_modules/');
    base = at === -1 ? '' : base.slice(0, at);
  }
}

/**
 * The runtime tree walked from package.json's `dependencies` (and `optionalDependencies`) through each
 * package's dependencies, optional dependencies and peers, resolved as Node resolves them. Each path
 * maps to the chain of names that brings it in, so a message can say why a package is there.
 */
export function walkRuntimeTree(lock: Lockfile): Map<string, string[]> {
  const packages = lock.packages ?? {};
  const root = packages[''] ?? {};
  const reached = new Map<string, string[]>();
  const queue: Array<{ from: string; names: string[]; chain: string[] }> = [
    { from: '', names: [...Object.keys(root.dependencies ?? {}), ...Object.keys(root.optionalDependencies ?? {})], chain: [] },
  ];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const name of next.names) {
      const path = resolveIn(packages, next.from, name);
      // An optional dependency or peer that npm did not install for this tree is not part of it.
      if (!path || reached.has(path)) continue;
      const chain = [...next.chain, name];
      reached.set(path, chain);
      const entry = packages[path] ?? {};
      const names = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
        ...Object.keys(entry.peerDependencies ?? {}),
      ];
      queue.push({ from: path, names, chain });
    }
  }
  return reached;
}
