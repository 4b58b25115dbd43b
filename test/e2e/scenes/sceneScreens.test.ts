import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneLineInput } from '../../../shared/ipc/index.ts';
import { chromiumMissing, inspectAtEverySize, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { ScenesApp } from './pages/ScenesApp.ts';

/**
 * The scene editor, its player and its export dialog at every window size in both themes, with
 * axe's serious and critical findings; the scene is written and rendered through core first.
 */
describe.skipIf(chromiumMissing() !== null)('the scene screens', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: ScenesApp;
  let sceneId = '';

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    const mira = await studio.createCharacter('Mira Vale');
    const otto = await studio.createCharacter('Otto Brand');
    const listed = await studio.call('voices.list', {});
    const [first, second] = [...listed.voices, ...listed.presets].filter((voice) => voice.status === 'ready');
    await studio.call('cast.setVoice', { characterId: mira, voiceId: first?.id ?? '', settings: { emotion: 'happy' } });
    await studio.call('cast.setVoice', { characterId: otto, voiceId: second?.id ?? '' });
    const scene = await studio.call('scenes.create', { title: 'The morning after' });
    sceneId = scene.id;
    const line = (characterId: string | null, text: string, voiceId: string | null = null): SceneLineInput => ({
      id: crypto.randomUUID(),
      kind: characterId ? 'talk' : 'speech',
      characterId,
      voiceId,
      text,
      emotion: null,
      talk: null,
      clipItemId: null,
    });
    await studio.call('scenes.update', {
      id: sceneId,
      lines: [
        line(mira, 'Did you hear that?'),
        line(otto, 'Only the wind, Mira.'),
        line(mira, 'The wind does not knock twice.'),
        line(null, 'Neither of them moved.', first?.id ?? null),
      ],
    });
    await studio.call('scenes.render', { id: sceneId });
    await studio.until(
      'the scene to be rendered',
      async () => (await studio.call('scenes.get', { id: sceneId })).lines.every((each) => each.state === 'done'),
      600_000,
    );
    // One more line, not rendered: the editor shows a draft with its price beside rendered lines.
    const rendered = (await studio.call('scenes.get', { id: sceneId })).lines;
    await studio.call('scenes.update', {
      id: sceneId,
      lines: [
        ...rendered.map(({ id, kind, characterId, voiceId, text, emotion, talk, clipItemId }) => ({
          id,
          kind,
          characterId,
          voiceId,
          text,
          emotion,
          talk,
          clipItemId,
        })),
        line(otto, 'Then we open the door.'),
      ],
    });
    browser = await launchChromium();
    app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.goScenes();
    await app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
    await app.editor().waitFor();
  }, 900_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('shows the editor with rendered lines, a draft and the price, without serious accessibility findings', async () => {
    await app.waitForPrice(1);
    expect(await inspectAtEverySize(app.page, 'scene-editor')).toBe('');
  }, 180_000);

  it('shows the player beside the script', async () => {
    await app.view('Watch');
    await app.page.locator('.scene-player-layout').waitFor();
    expect(await inspectAtEverySize(app.page, 'scene-player')).toBe('');
    await app.view('Write');
  }, 180_000);

  it('shows the export dialog', async () => {
    await app.editor().locator('[data-action="export-scene"]').click();
    await app.page.locator('dialog[data-dialog="scene-export"][open]').waitFor();
    expect(await inspectAtEverySize(app.page, 'scene-export')).toBe('');
  }, 180_000);
});
