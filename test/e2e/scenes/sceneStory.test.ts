import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandOutput, Scene } from '../../../shared/ipc/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { ScenesApp } from './pages/ScenesApp.ts';

/** Every charge of the ledger, by the resource it paid for (newest first from core; order does not matter here). */
async function charges(studio: StudioHost): Promise<{ id: string; resource: string | null; amount: number }[]> {
  const all: { id: string; resource: string | null; amount: number }[] = [];
  let cursor: string | null = null;
  do {
    const page: CommandOutput<'account.usage'> = await studio.call('account.usage', { cursor, limit: 100 });
    for (const item of page.items) if (item.amount < 0) all.push({ id: item.id, resource: item.resource_id ?? null, amount: item.amount });
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** The sum of every line of the ledger core shows: grants, charges and refunds. */
async function ledgerSum(studio: StudioHost): Promise<number> {
  let sum = 0;
  let cursor: string | null = null;
  do {
    const page: CommandOutput<'account.usage'> = await studio.call('account.usage', { cursor, limit: 100 });
    for (const item of page.items) sum += item.amount;
    cursor = page.nextCursor;
  } while (cursor);
  return sum;
}

/** The resources a rendered line was paid for: its speech track and, for a talk line, its clip. */
function paidResources(scene: Scene): string[] {
  return scene.lines.flatMap((line) => [line.audioId, line.generationId].filter((id): id is string => id !== null));
}

/**
 * A creator's whole way through a scene, in the real renderer in Chromium over the browser host's
 * core and the embedded sandbox: voices for two characters, a six-line scene typed with the
 * keyboard, its price, its render, the player, one edited line rendered again and the ledger.
 */
describe.skipIf(chromiumMissing() !== null)('a scene from script to player', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: ScenesApp;
  const cast = { mira: { id: '', name: 'Mira Vale' }, otto: { id: '', name: 'Otto Brand' } };
  let voices: string[] = [];
  let sceneId = '';
  let firstPrice = 0;
  let firstCharges: { id: string; resource: string | null; amount: number }[] = [];
  let before: { id: string }[] = [];

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await ScenesApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    await app.startInSandbox();
    cast.mira.id = await studio.createCharacter(cast.mira.name);
    cast.otto.id = await studio.createCharacter(cast.otto.name);
    const listed = await studio.call('voices.list', {});
    voices = [...listed.voices, ...listed.presets].filter((voice) => voice.status === 'ready').map((voice) => voice.name);
    // The ledger core shows is its mirror of the service's, refreshed shortly after each charge: the
    // characters' charges may reach it later than the characters. Until they have, they would count as
    // charges of the render. Caught up, its lines add up to the balance the service answers.
    await studio.until('the ledger to hold every charge so far', async () => {
      const account = await studio.call('account.get', {});
      return account !== null && (await ledgerSum(studio)) === account.credits.balance;
    });
    before = await charges(studio);
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('gives each character a voice on its page, kept in the library', async () => {
    expect(voices.length).toBeGreaterThanOrEqual(2);
    await app.page.reload();
    await app.waitForReady();
    await app.giveVoice(cast.mira.id, cast.mira.name, voices[0]!);
    await app.giveVoice(cast.otto.id, cast.otto.name, voices[1]!);
    const stored = await studio.call('cast.voices', {});
    expect(stored.map((voice) => [voice.characterId, voice.voiceName]).sort()).toEqual(
      [
        [cast.mira.id, voices[0]],
        [cast.otto.id, voices[1]],
      ].sort(),
    );
  });

  it('writes six lines with both characters and a narrator from the keyboard, and shows the total price', async () => {
    await app.goScenes();
    sceneId = await app.newScene('The morning after');
    await app.editor().locator('[data-action="add-line"]').click();
    const keys = app.page.keyboard;
    await expect.poll(() => app.lines().count()).toBe(1);
    await app.chooseSpeaker(0, `character:${cast.mira.id}`);
    await app.line(0).locator('textarea').click();
    await keys.type('Did you hear that?');
    await keys.press('Enter');
    // One speaker so far: the next line is hers too, until Alt+↓ hands it to the next of the cast.
    await keys.press('Alt+ArrowDown');
    await keys.type('Only the wind, Mira.');
    await keys.press('Enter');
    await keys.type('The wind does not knock twice.');
    await keys.press('Enter');
    await keys.type('Then we open the door.');
    await keys.press('Enter');
    // From Mira, Alt+↑ wraps round to the narrator at the end of the list.
    await keys.press('Alt+ArrowUp');
    await keys.type('Neither of them moved.');
    await keys.press('Enter');
    await keys.type('Fine. I will go.');
    // An empty line after it goes again with Backspace.
    await keys.press('Enter');
    await expect.poll(() => app.lines().count()).toBe(7);
    await keys.press('Backspace');
    await expect.poll(() => app.lines().count()).toBe(6);

    const speakers = await app.speakers();
    const m = `character:${cast.mira.id}`;
    const o = `character:${cast.otto.id}`;
    expect(speakers).toEqual([m, o, m, o, 'narrator', o]);

    await app.waitForSaved();
    const stored = await studio.call('scenes.get', { id: sceneId });
    expect(stored.lines.map((line) => line.text)).toEqual([
      'Did you hear that?',
      'Only the wind, Mira.',
      'The wind does not knock twice.',
      'Then we open the door.',
      'Neither of them moved.',
      'Fine. I will go.',
    ]);
    expect(stored.lines[4]).toMatchObject({ kind: 'speech', characterId: null });
    expect(stored.lines[4]?.voiceId).toBeTruthy();

    firstPrice = await app.waitForPrice(6);
    expect(firstPrice).toBeGreaterThan(0);
    const perLine = await app
      .lines()
      .evaluateAll((rows) => rows.map((row) => Number(row.querySelector('[data-credits]')?.getAttribute('data-credits'))));
    expect(perLine.every((credits) => credits > 0)).toBe(true);
    expect(perLine.reduce((sum, credits) => sum + credits, 0)).toBe(firstPrice);
  }, 120_000);

  it('renders every line against the sandbox in one click, charging exactly the price shown', async () => {
    await app.render();
    await app.waitForLinesDone(6);
    const scene = await studio.call('scenes.get', { id: sceneId });
    expect(scene.lines.every((line) => line.state === 'done' && line.mediaId)).toBe(true);
    await studio.until(
      'the charges of the render to be in the ledger',
      async () => (await charges(studio)).length >= before.length + paidResources(scene).length,
    );
    const known = new Set(before.map((charge) => charge.id));
    firstCharges = (await charges(studio)).filter((charge) => !known.has(charge.id));
    expect(firstCharges.map((charge) => charge.resource).sort()).toEqual(paidResources(scene).sort());
    expect(-firstCharges.reduce((sum, charge) => sum + charge.amount, 0)).toBe(firstPrice);
  }, 300_000);

  it('plays the finished lines in order, the script following the line being spoken', async () => {
    const scene = await studio.call('scenes.get', { id: sceneId });
    await app.view('Watch');
    const player = app.page.locator('.scene-player-layout');
    await player.waitFor();
    await app.page.locator('[data-action="play-scene"]').click();
    await app.page.locator(`.scene-player-layout[data-player-state="playing"]`).waitFor();
    // The highlight leaves the first line for the second as the first clip ends.
    await app.page.locator(`.scene-script-line-current[data-line-id="${scene.lines[1]?.id}"]`).waitFor({ timeout: 30_000 });
    // Clicking a line plays from it.
    await app.page.locator(`.scene-script-line[data-line-id="${scene.lines[4]?.id}"] button`).click();
    await app.page.locator(`.scene-player-layout[data-playing-line-id="${scene.lines[4]?.id}"]`).waitFor();
    await app.page.locator(`.scene-player-layout[data-playing-line-id="${scene.lines[5]?.id}"]`).waitFor({ timeout: 30_000 });
    await app.page.locator('[data-action="play-scene"][aria-label^="Play"]').waitFor({ timeout: 30_000 });
    await app.view('Write');
  }, 120_000);

  it('renders only the edited line again, and the ledger charges that line alone a second time', async () => {
    const edited = app.line(2).locator('textarea');
    await edited.click();
    await app.page.keyboard.press('End');
    await app.page.keyboard.type(' Never.');
    await expect.poll(() => app.line(2).getAttribute('data-line-state')).toBe('draft');
    await app.waitForSaved();
    const linePrice = await app.waitForPrice(1);
    expect(linePrice).toBeGreaterThan(0);
    expect(linePrice).toBeLessThan(firstPrice);

    const known = new Set([...before, ...firstCharges].map((charge) => charge.id));
    await app.render();
    await app.waitForLinesDone(6);
    const scene = await studio.call('scenes.get', { id: sceneId });
    const line = scene.lines[2]!;
    await studio.until('the charges of the line to be in the ledger', async () => (await charges(studio)).length >= known.size + 2);
    const again = (await charges(studio)).filter((charge) => !known.has(charge.id));
    expect(again.map((charge) => charge.resource).sort()).toEqual([line.audioId, line.generationId].sort());
    expect(-again.reduce((sum, charge) => sum + charge.amount, 0)).toBe(linePrice);
    // The first render's charges are each in the ledger once, and none was charged again.
    const all = await charges(studio);
    const resources = all.map((charge) => charge.resource).filter((resource) => resource !== null);
    expect(new Set(resources).size).toBe(resources.length);
  }, 300_000);

  it('exports the scene as MP4, subtitles and a timeline from the dialog', async () => {
    await app.editor().locator('[data-action="export-scene"]').click();
    const dialog = app.page.locator('dialog[data-dialog="scene-export"][open]');
    await dialog.waitFor();
    for (const format of ['mp4', 'srt', 'fcpxml']) expect(await dialog.locator(`input[data-format="${format}"]`).isChecked()).toBe(true);
    await dialog.locator('[data-action="start-export"]').click();
    await dialog.locator('[data-export-result="done"]').waitFor({ timeout: 180_000 });
    const files = await dialog
      .locator('.scene-export-files li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-format')));
    expect(files.sort()).toEqual(['fcpxml', 'mp4', 'srt']);
  }, 240_000);
});
