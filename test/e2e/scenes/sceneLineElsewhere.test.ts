import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scene, SceneLineInput } from '../../../shared/ipc/index.ts';
import { sceneDocumentName } from '../../../shared/sync/documentNames.ts';
import { writeClaim } from '../../../shared/sync/lineClaims.ts';
import { readScene } from '../../../shared/sync/sceneDocument.ts';
import { openDocument, type OpenDocument } from '../../integration/sync/support/members.ts';
import {
  inviteCode,
  joinAs,
  startSyncServerProcess,
  tempFolder,
  type SyncServerProcess,
} from '../../integration/sync/support/syncServerProcess.ts';
import { chromiumMissing, inspectAtEverySize, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { ScenesApp } from './pages/ScenesApp.ts';
import { presetVoice } from './renderedScene.ts';

const SPACE = 'Harbour film';
const OTHER = 'Ben Okafor';

/**
 * A scene line another computer of the space renders, in the real renderer in Chromium over the
 * browser host's core (in a space on a sync server this test starts): the line says whose computer
 * renders it instead of a price or a progress bar of its own, in English and in Arabic, at every
 * size in both themes, with axe's serious and critical findings.
 */
describe.skipIf(chromiumMissing() !== null)('a scene line rendered on another computer of the space', () => {
  const data = tempFolder('claims-e2e-server-');
  let server: SyncServerProcess;
  let studio: StudioHost;
  let browser: Browser;
  let app: ScenesApp;
  let member: OpenDocument;
  let scene: Scene;

  beforeAll(async () => {
    server = await startSyncServerProcess(data.path);
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    // The service's preset voices come with the first sync.
    await studio.until('the preset voices', async () => (await studio.call('voices.list', {})).presets.length > 0, 60_000);
    const voiceId = await presetVoice(studio);
    await studio.call('spaces.join', { serverUrl: server.httpUrl, joinCode: (await inviteCode(data.path, SPACE, 'Ana')).code });
    await studio.until('the space to be synced', async () => (await studio.call('spaces.status', {})).state === 'synced', 60_000);
    const made = await studio.call('scenes.create', { title: 'Before the storm' });
    const narrator = (text: string): SceneLineInput => ({
      id: crypto.randomUUID(),
      kind: 'speech',
      characterId: null,
      voiceId,
      text,
      emotion: null,
      talk: null,
      clipItemId: null,
    });
    const lines = [narrator('The boats come in early.'), narrator('Nobody says why.'), narrator('The bell rings once.')];
    await studio.call('scenes.update', { id: made.id, lines });
    // The first line rendered here, the second claimed by Ben's computer, the third not rendered yet.
    await studio.call('scenes.render', { id: made.id, lineIds: [lines[0]!.id] });
    await studio.until(
      'the first line to be rendered',
      async () => (await studio.call('scenes.get', { id: made.id })).lines[0]?.state === 'done',
      240_000,
    );
    const ben = await joinAs(server.httpUrl, (await inviteCode(data.path, SPACE, OTHER)).code);
    member = openDocument(server.url, sceneDocumentName(ben.spaceId, made.id), ben.token);
    await member.until((doc) => readScene(doc).lines.length === lines.length);
    const second = (await studio.call('scenes.get', { id: made.id })).lines[1]!;
    const now = Date.now();
    writeClaim(member.doc, {
      key: second.key,
      lineId: second.id,
      memberId: ben.memberId,
      memberName: OTHER,
      machineId: 'bens-laptop',
      at: now,
      beat: now,
      choosing: false,
      ticket: 1,
      attempt: 1,
      released: false,
      result: null,
    });
    await member.acknowledged();
    await studio.until('the claim to reach this computer', async () => {
      scene = await studio.call('scenes.get', { id: made.id });
      return scene.lines[1]?.renderingOn === OTHER;
    });
    browser = await launchChromium();
    app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1024, height: 700 } });
    app.page.setDefaultTimeout(15_000);
  }, 600_000);

  afterAll(async () => {
    member?.destroy();
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
    await server?.kill();
    data.remove();
  });

  async function openScene(): Promise<void> {
    await app.goScenes();
    await app.page.locator(`.scene-card[data-scene-id="${scene.id}"] .scene-card-open`).click();
    await app.editor().waitFor();
  }

  it('says whose computer renders the line, with no price or progress of its own', async () => {
    await openScene();
    const elsewhere = app.line(1).locator('[data-rendering-on]');
    await elsewhere.waitFor();
    expect(await elsewhere.innerText()).toBe(`Rendering on ${OTHER}’s computer`);
    expect(await elsewhere.getAttribute('title')).toMatch(/paid once, there/);
    expect(await app.line(1).locator('.progress').count()).toBe(0);
    expect(await app.line(0).getAttribute('data-line-state')).toBe('done');
    expect(await inspectAtEverySize(app.page, 'scene-line-elsewhere-en')).toBe('');
  });

  it('says it in Arabic, the member’s name kept apart from the sentence’s direction', async () => {
    await studio.call('settings.set', { language: 'ar' });
    await app.page.reload();
    await app.waitForReady();
    await openScene();
    const elsewhere = app.line(1).locator('[data-rendering-on]');
    await elsewhere.waitFor();
    expect(await elsewhere.locator('bdi').innerText()).toBe(OTHER);
    expect(await elsewhere.innerText()).toContain('يجري تصييره');
    expect(await inspectAtEverySize(app.page, 'scene-line-elsewhere-ar')).toBe('');
  });
});
