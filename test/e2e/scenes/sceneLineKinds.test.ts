import { readFileSync, statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDurationMs } from '../../../electron/core/scenes/mediaDuration.ts';
import { OPERATION_IDS, type SandboxReady } from '../../../shared/api/index.ts';
import type { LibraryItem, Scene, SceneLineInput } from '../../../shared/ipc/index.ts';
import { PRICING_AUDIO, silentWav } from '../../../shared/pricing/audioPricing.ts';
import { chromiumMissing, inspectAtEverySize, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { ScenesApp } from './pages/ScenesApp.ts';
import { presetVoice } from './renderedScene.ts';

const LINE_ONE = 'The boats are back before dawn.';
const LINE_THREE = 'Not all of them, Mara.';

/** What the sandbox's own ledger holds per paid request: the resource it made and what it charged. */
type LedgerOperation = { resource_id: string | null; charges: number; credits: number };

/**
 * The line kinds the creator story leaves out, in the real renderer in Chromium against the
 * embedded sandbox: a line that is an existing gallery clip (free, never rendered again, played
 * and exported in its place) and a talk line whose quality, length and expression the creator sets
 * (priced, sent and charged as the sandbox quotes that quality). The queue shows the scene's jobs
 * under its title, line by line, and follows a rename.
 */
describe.skipIf(chromiumMissing() !== null)('a scene with a gallery clip and a talk line of its own options', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: ScenesApp;
  let ready: SandboxReady;
  let dispatcher: Agent;
  const cast = { mara: { id: '', name: 'Mara Quill' }, otto: { id: '', name: 'Otto Brand' } };
  let clip: LibraryItem;
  let voiceId = '';
  let sceneId = '';
  let rendered: Scene;
  /** The sandbox's quotes for line 1 (its speech plus its clip) at each quality. */
  const quoted = { pro: 0, standard: 0 };
  let shownForLineOne = 0;

  /** The sandbox itself, as the account's own key reads it (not core's mirror). */
  const service = async <T>(path: string, bearer: string): Promise<T> => {
    const response = await fetch(`${ready.base_url}${path}`, { headers: { authorization: `Bearer ${bearer}` }, dispatcher });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };

  /** The sandbox's quote for line 1's speech and its talk clip at `quality` (3 s, with an expression). */
  const quoteLineOne = async (quality: 'pro' | 'standard', audioUrl: string): Promise<number> => {
    const speech = await studio.call('quotes.price', {
      operationId: OPERATION_IDS.createAudio,
      input: { voice_id: voiceId, text: LINE_ONE, emotion: 'auto' },
    });
    const talk = await studio.call('quotes.price', {
      operationId: OPERATION_IDS.createGeneration,
      input: {
        character_id: cast.mara.id,
        type: 'talk',
        prompt: LINE_ONE,
        options: { quality, duration: 3, expression: 'a wry smile', audio_url: audioUrl },
      },
    });
    return speech.credits + talk.credits;
  };

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    ready = studio.sandbox();
    dispatcher = new Agent({ connect: { ca: [studio.sandboxAdmin().caPem] } });
    cast.mara.id = await studio.createCharacter(cast.mara.name);
    cast.otto.id = await studio.createCharacter(cast.otto.name);
    voiceId = await presetVoice(studio);
    for (const character of [cast.mara, cast.otto]) await studio.call('cast.setVoice', { characterId: character.id, voiceId });
    clip = await studio.generate(cast.mara.id, 'video', 'Waves breaking on the harbour wall');
    const audio = await studio.call('uploads.create', {
      fileName: PRICING_AUDIO.fileName,
      contentType: PRICING_AUDIO.contentType,
      dataBase64: Buffer.from(silentWav()).toString('base64'),
    });
    quoted.pro = await quoteLineOne('pro', audio.url);
    quoted.standard = await quoteLineOne('standard', audio.url);
    expect(quoted.standard).not.toBe(quoted.pro);

    const scene = await studio.call('scenes.create', { title: 'Harbour at dawn' });
    sceneId = scene.id;
    const line = (characterId: string, text: string, talk: SceneLineInput['talk'] = null): SceneLineInput => ({
      id: crypto.randomUUID(),
      kind: 'talk',
      characterId,
      voiceId: null,
      text,
      emotion: null,
      talk,
      clipItemId: null,
    });
    // The middle line becomes the gallery clip in the editor.
    await studio.call('scenes.update', {
      id: sceneId,
      lines: [line(cast.mara.id, LINE_ONE), line(cast.otto.id, ''), line(cast.otto.id, LINE_THREE, { duration: 2 })],
    });
    browser = await launchChromium();
    app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await openScene();
  }, 600_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await dispatcher?.close();
    await studio?.stop();
  });

  it('takes a gallery clip as a line, priced at nothing and ready as it is', async () => {
    await app.chooseSpeaker(1, 'clip');
    await app.line(1).locator('[data-field="clip"]').getByRole('button').click();
    await app.page.getByRole('listbox').locator(`[role="option"][data-value="${clip.id}"]`).click();
    await app.line(1).locator(`[data-field="clip"][data-value="${clip.id}"]`).waitFor();
    await expect.poll(() => app.line(1).getAttribute('data-line-state')).toBe('done');
    await app.waitForSaved();
    // Two lines to render, the clip not among them.
    await app.waitForPrice(2);
    const price = await studio.call('scenes.price', { id: sceneId });
    const clipLine = (await studio.call('scenes.get', { id: sceneId })).lines[1]!;
    expect(price.lines.find((each) => each.lineId === clipLine.id)).toMatchObject({ credits: 0, reused: true, problem: null });
    expect(clipLine).toMatchObject({ kind: 'clip', clipItemId: clip.id, mediaId: clip.mediaId });
  }, 120_000);

  it('prices a talk line at the quality chosen for it, as the sandbox quotes that quality', async () => {
    const credits = () => app.line(0).locator('[data-credits]').getAttribute('data-credits');
    await app.line(0).getByRole('button', { name: 'Line 1: talk options' }).click();
    const options = app.line(0).getByRole('group', { name: 'Line 1: talk options' });
    await options.getByLabel('Length (s)').fill('3');
    await options.getByLabel('Expression').fill('a wry smile');
    const quality = async (value: 'pro' | 'standard') => {
      await options.locator('[data-field="talk-quality"]').getByRole('button').click();
      await app.page.getByRole('listbox').locator(`[role="option"][data-value="${value}"]`).click();
      await options.locator(`[data-field="talk-quality"][data-value="${value}"]`).waitFor();
    };
    await quality('pro');
    await app.waitForSaved();
    await expect.poll(credits, { timeout: 30_000 }).toBe(String(quoted.pro));
    await quality('standard');
    await app.waitForSaved();
    await expect.poll(credits, { timeout: 30_000 }).toBe(String(quoted.standard));
    const total = await app.waitForPrice(2);
    shownForLineOne = Number(await credits());
    expect(await app.editor().locator('.scene-editor-header [data-scene-state]').getAttribute('data-scene-state')).toBe('priced');
    expect(total).toBeGreaterThan(shownForLineOne);
  }, 120_000);

  it('renders the talk lines only: the sandbox receives the chosen quality and charges what it quoted', async () => {
    const ledgerBefore = await ledger();
    await app.render();
    await app.waitForLinesDone(3);
    rendered = await studio.call('scenes.get', { id: sceneId });
    const [first, second, third] = rendered.lines;
    await app.editor().locator('.scene-editor-header [data-scene-state="done"]').waitFor();
    // The clip line plays the gallery's own file: no job, no new charge.
    expect(second).toMatchObject({ speechJobId: null, talkJobId: null, mediaId: clip.mediaId });
    expect(third?.generationId).toBeTruthy();

    const received = await service<{ type: string; options: Record<string, unknown> }>(
      `/v1/generations/${first?.generationId}`,
      ready.api_key,
    );
    expect(received.type).toBe('talk');
    expect(received.options).toMatchObject({ quality: 'standard', duration: 3, expression: 'a wry smile' });

    const after = await ledger();
    const chargedFor = (ids: (string | null | undefined)[]) =>
      after.filter((op) => op.resource_id !== null && ids.includes(op.resource_id)).reduce((sum, op) => sum + op.credits, 0);
    expect(chargedFor([first?.audioId, first?.generationId])).toBe(shownForLineOne);
    expect(after.filter((op) => op.resource_id === first?.generationId).map((op) => op.charges)).toEqual([1]);
    // The clip was paid once, when it was made, and never again.
    const clipCharges = (ops: LedgerOperation[]) => ops.filter((op) => op.resource_id === clip.id).reduce((n, op) => n + op.charges, 0);
    expect(clipCharges(after)).toBe(clipCharges(ledgerBefore));
    expect(clipCharges(after)).toBe(1);
  }, 300_000);

  it('shows each finished line’s picture at its left: a clip’s thumbnail from the library', async () => {
    for (const index of [0, 1, 2]) {
      const picture = app.line(index).locator('.scene-line-picture[data-picture="thumbnail"] img');
      await picture.waitFor({ timeout: 60_000 });
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    expect(await app.line(1).locator('img').getAttribute('data-media-id')).toBe(clip.thumbId);
    expect(await inspectAtEverySize(app.page, 'scene-editor-pictures')).toBe('');
  }, 180_000);

  it('groups the scene’s jobs in the queue under its title, each named by its line, and follows a rename', async () => {
    await app.go('queue');
    const group = app.page.locator(`li.job-batch[data-batch-id="${sceneId}"]`);
    await expect.poll(() => group.getByTestId('batch-title').textContent(), { timeout: 15_000 }).toBe('Harbour at dawn');
    await group.getByRole('button', { name: /Show each/ }).click();
    const labels = () => group.getByTestId('job-line').allTextContents();
    await expect
      .poll(labels)
      .toEqual([`Line 1 · ${cast.mara.name}`, `Line 1 · ${cast.mara.name}`, `Line 3 · ${cast.otto.name}`, `Line 3 · ${cast.otto.name}`]);
    expect(await inspectAtEverySize(app.page, 'scene-queue')).toBe('');

    await app.goScenes();
    const back = app.editor().getByRole('button', { name: 'Back to the scenes' });
    if (await back.isVisible()) await back.click();
    const card = app.page.locator(`.scene-card[data-scene-id="${sceneId}"]`);
    await expect.poll(() => card.locator('[data-scene-state]').getAttribute('data-scene-state'), { timeout: 15_000 }).toBe('done');
    await openScene();
    await app.editor().locator('input[data-field="title"]').fill('Harbour at first light');
    await app.waitForSaved();
    await app.go('queue');
    await expect.poll(() => group.getByTestId('batch-title').textContent(), { timeout: 15_000 }).toBe('Harbour at first light');
    await openScene();
  }, 240_000);

  it('plays the clip in its place between the talk lines', async () => {
    const [first, second, third] = rendered.lines;
    await app.view('Watch');
    await app.page.locator('.scene-player-layout').waitFor();
    await app.page.locator('[data-action="play-scene"]').click();
    for (const line of [first, second, third])
      await app.page.locator(`.scene-player-layout[data-playing-line-id="${line?.id}"]`).waitFor({ timeout: 30_000 });
    await app.page.locator('[data-action="play-scene"][aria-label^="Play"]').waitFor({ timeout: 30_000 });
    await app.view('Write');
  }, 120_000);

  it('exports the clip in its place: the MP4 lasts the sum of the lines’ files and plays to its end', async () => {
    await app.editor().locator('[data-action="export-scene"]').click();
    const dialog = app.page.locator('dialog[data-dialog="scene-export"][open]');
    await dialog.waitFor();
    await dialog.locator('[data-action="start-export"]').click();
    await dialog.locator('[data-export-result="done"]').waitFor({ timeout: 240_000 });
    await dialog.locator('.scene-export-poster[data-poster="thumbnail"] img').waitFor();
    const path = (format: string) => dialog.locator(`.scene-export-files li[data-format="${format}"] .scene-export-path`).textContent();
    const mp4 = (await path('mp4')) ?? '';
    const lines = [];
    for (const line of rendered.lines) {
      const file = await studio.host.core.resolveMedia(line.mediaId ?? '');
      const ms = file ? await mediaDurationMs(file.path) : null;
      if (ms === null) throw new Error(`Line "${line.text}" has no readable file.`);
      lines.push(ms);
    }
    const expected = lines.reduce((sum, ms) => sum + ms, 0) / 1000;
    expect(Math.abs(((await mediaDurationMs(mp4)) ?? 0) / 1000 - expected)).toBeLessThanOrEqual(0.1);
    // The timeline references each line's clip, the gallery clip among them.
    const fcpxml = readFileSync((await path('fcpxml')) ?? '', 'utf8');
    const referenced = [...fcpxml.matchAll(/src="file:\/\/([^"]+)"/g)].map((match) => decodeURIComponent(match[1] ?? ''));
    expect(referenced).toHaveLength(3);
    for (const file of referenced) expect(statSync(file).size).toBeGreaterThan(0);

    const exported = await studio.call('library.query', {
      filter: { collectionId: rendered.collectionId ?? '', kinds: ['video'], sort: 'newest' },
      offset: 0,
      limit: 10,
    });
    const item = exported.items.find((each) => each.id.startsWith('local-'));
    if (!item?.mediaId) throw new Error('The exported MP4 is not in the scene’s collection.');
    const played = await playToEnd(`${studio.host.mediaBase}${item.mediaId}`);
    expect(played.ended).toBe(true);
    expect(Math.abs(played.duration - expected)).toBeLessThanOrEqual(0.1);
  }, 300_000);

  /** The scene's editor, from the Scenes section (its list, or the editor left open there). */
  async function openScene(): Promise<void> {
    await app.goScenes();
    const card = app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`);
    await Promise.race([card.waitFor(), app.editor().waitFor()]);
    if (await card.isVisible()) await card.click();
    await app.editor().waitFor();
  }

  async function ledger(): Promise<LedgerOperation[]> {
    return (await service<{ operations: LedgerOperation[] }>('/sandbox/ledger', ready.admin_token)).operations;
  }

  /** Plays a video in the app's page, fast and muted, to its end: its length as Chromium reads it. */
  function playToEnd(src: string): Promise<{ duration: number; ended: boolean }> {
    return app.page.evaluate(
      (url) =>
        new Promise<{ duration: number; ended: boolean }>((resolve, reject) => {
          const video = document.createElement('video');
          video.muted = true;
          video.addEventListener('loadedmetadata', () => {
            video.playbackRate = 4;
            void video.play().catch(reject);
          });
          video.addEventListener('ended', () => resolve({ duration: video.duration, ended: true }));
          video.addEventListener('error', () =>
            reject(new Error(`The exported video did not play: ${video.error?.message ?? 'no reason'}`)),
          );
          video.src = url;
        }),
      src,
    );
  }
});
