import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/createCore.ts';
import type { Logger } from '../../../electron/core/log/logger.ts';
import { FilePreferences } from '../../../electron/core/preferences/preferences.ts';
import { ProfileStore } from '../../../electron/core/profiles/profileStore.ts';
import type { KeytarKeychain } from '../../../electron/core/secrets/keychain.ts';
import { tokenAccount } from '../../../electron/core/spaces/membership/membershipStore.ts';
import type { SpaceStatus } from '../../../shared/ipc/index.ts';
import { describeError } from '../../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../../renderer/i18n/format.ts';
import { headlessCoreDeps } from '../../support/coreDeps.ts';
import { hasSecretService, testKeychain } from '../support/keychainForTests.ts';
import { inviteCode, runSyncCli, startSyncServerProcess, tempFolder, type SyncServerProcess } from '../sync/support/syncServerProcess.ts';

/** Every line core logged, as it reached the shell. */
function recordingLogger(lines: string[]): Logger {
  const record = (message: string, fields?: unknown) => lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  return { info: record, warn: record, error: record };
}

/** Every file under `folder`, read as bytes (the library, its WAL, preferences, core's log). */
function everyFile(folder: string): Array<{ file: string; text: string }> {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file).toString('latin1') };
    });
}

describe.skipIf(!hasSecretService)('joining a space from a service connection', () => {
  const data = tempFolder('space-join-server-');
  const user = tempFolder('space-join-user-');
  const logLines: string[] = [];
  const statuses: SpaceStatus[] = [];
  let server: SyncServerProcess;
  let keychain: KeytarKeychain;
  let prefs: FilePreferences;
  let profileId: string;
  let core: Core;

  const startCore = async () => {
    core = await createCore(headlessCoreDeps(user.path, { keychain, preferences: prefs, log: recordingLogger(logLines) }));
    core.router.subscribe((event, payload) => {
      if (event === 'spaces.changed') statuses.push(payload as SpaceStatus);
    });
  };
  const joinedSpaceId = (): string => prefs.get<Record<string, { spaceId: string }>>('spaceMemberships', {})[profileId]!.spaceId;
  /** How many files keep the space's documents on this machine (the session's space link writes one). */
  const spaceFileCount = (spaceId: string): number =>
    readdirSync(user.path, { recursive: true, encoding: 'utf8' }).filter((file) => path.basename(file) === `space-${spaceId}.db`).length;
  const command = async (name: 'spaces.join' | 'spaces.leave' | 'spaces.status', input: object = {}) => core.router.handle(name, input);
  /** The status once `check` holds: the current one, or one `spaces.changed` brings. */
  const statusWhere = async (check: (status: SpaceStatus) => boolean): Promise<SpaceStatus> => {
    for (;;) {
      const reply = await command('spaces.status');
      if (reply.ok && check(reply.value as SpaceStatus)) return reply.value as SpaceStatus;
      const seen = statuses.length;
      await new Promise<void>((resolve) => {
        const stop = core.router.subscribe((event) => {
          if (event === 'spaces.changed' || statuses.length !== seen) {
            stop();
            resolve();
          }
        });
      });
    }
  };

  beforeAll(async () => {
    server = await startSyncServerProcess(data.path);
    keychain = testKeychain();
    prefs = new FilePreferences({ cwd: user.path });
    // A connection to a service that does not answer: its library opens all the same.
    const profiles = new ProfileStore(prefs, keychain);
    const profile = profiles.addRemote({
      name: 'Studio service',
      baseUrl: 'https://127.0.0.1:9',
      cdnUrl: 'https://127.0.0.1:9',
      caPem: null,
    });
    profiles.setActive(profile.id);
    profileId = profile.id;
    await startCore();
  }, 120_000);

  afterAll(async () => {
    await core?.stop();
    await keychain?.delete(tokenAccount(profileId)).catch(() => {});
    await server?.kill();
    data.remove();
    user.remove();
  });

  it('is in no space at first', async () => {
    expect(await command('spaces.status')).toEqual({ ok: true, value: { membership: null, state: 'off', pendingChanges: 0 } });
  });

  it('refuses a wrong code with a clear sentence, and an address that is not https', async () => {
    const wrong = await command('spaces.join', { serverUrl: server.httpUrl, joinCode: 'AAAAA-BBBBB-CCCCC-DDDDD' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'space_join_refused', field: 'joinCode' } });
    expect(!wrong.ok && describeError(wrong.error, formatsFor('en'))).toMatch(
      /wrong, already used or expired\. Ask the space’s owner for a new one\./,
    );
    const plain = await command('spaces.join', { serverUrl: 'http://sync.example.com', joinCode: 'AAAAA-BBBBB-CCCCC-DDDDD' });
    expect(plain).toMatchObject({ ok: false, error: { code: 'space_server_invalid', field: 'serverUrl' } });
    expect((await command('spaces.status')).ok && statuses.every((s) => s.membership === null)).toBe(true);
  });

  it('joins with a code: the token goes to the keychain and nowhere else, and the space syncs', async () => {
    const { code } = await inviteCode(data.path, 'Night market', 'Ana');
    const joined = await command('spaces.join', { serverUrl: `${server.httpUrl}/`, joinCode: code.toLowerCase() });
    expect(joined).toMatchObject({
      ok: true,
      value: { membership: { serverUrl: server.httpUrl, spaceName: 'Night market', memberName: 'Ana' } },
    });
    const token = await keychain.get(tokenAccount(profileId));
    expect(token).toMatch(/^cst_/);
    // Synced means the session's link opened the space's documents with this token: the server refuses any other.
    expect((await statusWhere((s) => s.state === 'synced')).pendingChanges).toBe(0);
    expect(spaceFileCount(joinedSpaceId())).toBe(1);

    const files = everyFile(user.path);
    expect(files.some(({ file }) => file.endsWith('library.db'))).toBe(true);
    for (const { file, text } of files) expect(text.includes(token!), file).toBe(false);
    expect(logLines.some((line) => line.includes('Joined a space.'))).toBe(true);
    for (const line of [...logLines, JSON.stringify(statuses), JSON.stringify(joined)]) expect(line).not.toContain(token!);
  });

  it('refuses a second space for the same connection', async () => {
    const { code } = await inviteCode(data.path, 'Night market', 'Ben');
    const other = await command('spaces.join', { serverUrl: server.httpUrl, joinCode: code });
    expect(other).toMatchObject({ ok: false, error: { code: 'space_already_joined' } });
  });

  it('opens the space again when the connection opens again', async () => {
    await core.stop();
    await startCore();
    expect(await statusWhere((s) => s.state === 'synced')).toMatchObject({ membership: { spaceName: 'Night market', memberName: 'Ana' } });
    expect(spaceFileCount(joinedSpaceId())).toBe(1);
  });

  it('leaves: the link forgets the documents, the keychain the token, the connection the space', async () => {
    const spaceId = joinedSpaceId();
    expect(spaceFileCount(spaceId)).toBe(1);
    const left = await command('spaces.leave');
    expect(left).toEqual({ ok: true, value: { membership: null, state: 'off', pendingChanges: 0 } });
    expect(spaceFileCount(spaceId)).toBe(0);
    expect(await keychain.get(tokenAccount(profileId))).toBeNull();
    expect(JSON.stringify(prefs.get('spaceMemberships', {}))).toBe('{}');
  });

  it('refuses a code once it was used, after leaving too', async () => {
    const { code } = await inviteCode(data.path, 'Night market', 'Cleo');
    expect((await command('spaces.join', { serverUrl: server.httpUrl, joinCode: code })).ok).toBe(true);
    await command('spaces.leave');
    const again = await command('spaces.join', { serverUrl: server.httpUrl, joinCode: code });
    expect(again).toMatchObject({ ok: false, error: { code: 'space_join_refused' } });
  });

  it('shows a revoked member as refused', async () => {
    const { code } = await inviteCode(data.path, 'Night market', 'Dan');
    expect((await command('spaces.join', { serverUrl: server.httpUrl, joinCode: code })).ok).toBe(true);
    await statusWhere((s) => s.state === 'synced');
    const { memberId } = prefs.get<Record<string, { memberId: string }>>('spaceMemberships', {})[profileId]!;
    await runSyncCli(data.path, ['--revoke', memberId]);
    expect(await statusWhere((s) => s.state === 'refused')).toMatchObject({ membership: { memberName: 'Dan' } });
  });

  it('forgets the space of a connection that is removed', async () => {
    const added = await core.router.handle('profiles.add', {
      name: 'Other service',
      baseUrl: 'https://127.0.0.1:9',
      cdnUrl: 'https://127.0.0.1:9',
    });
    if (!added.ok) throw new Error(JSON.stringify(added.error));
    const otherId = (added.value as { id: string }).id;
    expect((await core.router.handle('profiles.activate', { id: otherId })).ok).toBe(true);
    await statusWhere((s) => s.membership === null);
    const { code } = await inviteCode(data.path, 'Night market', 'Eve');
    expect((await command('spaces.join', { serverUrl: server.httpUrl, joinCode: code })).ok).toBe(true);
    expect(await keychain.get(tokenAccount(otherId))).toMatch(/^cst_/);

    expect((await core.router.handle('profiles.activate', { id: profileId })).ok).toBe(true);
    expect(await statusWhere((s) => s.membership?.memberName === 'Dan')).toMatchObject({ membership: { spaceName: 'Night market' } });
    expect(await core.router.handle('profiles.remove', { id: otherId })).toEqual({ ok: true, value: { ok: true } });
    expect(await keychain.get(tokenAccount(otherId))).toBeNull();
    expect(Object.keys(prefs.get<Record<string, unknown>>('spaceMemberships', {}))).toEqual([profileId]);
  });
});
