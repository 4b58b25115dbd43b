import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const json = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<string, unknown>;
type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
type Lock = { packages: Record<string, { version?: string }> };

describe("the sync server's own package (what its Docker image installs)", () => {
  const app = json('package.json') as Manifest;
  const server = json('sync-server/package.json') as Manifest;
  const appLock = json('package-lock.json') as Lock;
  const serverLock = json('sync-server/package-lock.json') as Lock;
  const serverDependencies = Object.entries(server.dependencies ?? {});

  it('asks for the same ranges as the project the tests run in', () => {
    expect(serverDependencies.length).toBeGreaterThan(0);
    for (const [name, range] of serverDependencies) expect(app.dependencies?.[name] ?? app.devDependencies?.[name], name).toBe(range);
  });

  it('resolves them to the versions the tests ran against', () => {
    for (const [name] of serverDependencies) {
      expect(serverLock.packages[`node_modules/${name}`]?.version, name).toBe(appLock.packages[`node_modules/${name}`]?.version);
    }
  });

  it('keeps the server out of the desktop app: its packages are not runtime dependencies of the app', () => {
    for (const name of ['@hocuspocus/server', '@hocuspocus/extension-database', '@hocuspocus/extension-redis'])
      expect(app.dependencies?.[name], name).toBeUndefined();
  });
});
