import type { Browser } from 'playwright-core';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenesApp } from '../scenes/pages/ScenesApp.ts';
import { chromiumMissing, launchChromium } from '../support/index.ts';
import type { SceneLineInput } from '../../../shared/ipc/index.ts';
import { speechLine, SyncedStudios, type SyncedMachine } from './support/syncedStudios.ts';

type LedgerOperation = { idempotency_key: string; resource_id: string | null; charges: number };

/** Opens a scene from the scenes list in the editor. */
async function openScene(app: ScenesApp, sceneId: string): Promise<void> {
  await app.goScenes();
  await app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
  await app.editor().waitFor();
}

/**
 * Two machines of one creator, one service account and one space, click Render on the same scene
 * at the same moment: the service's ledger shows each line charged once, and both machines end with
 * every line rendered (the one that did not pay takes the other's result through history sync).
 */
describe.skipIf(chromiumMissing() !== null)('Render on two machines at once', () => {
  let browser: Browser;
  let studios: SyncedStudios;
  let a: SyncedMachine;
  let b: SyncedMachine;
  let dispatcher: Agent;

  const ledger = async (): Promise<LedgerOperation[]> => {
    const ready = a.studio.sandbox();
    const response = await fetch(`${ready.base_url}/sandbox/ledger`, {
      headers: { authorization: `Bearer ${ready.admin_token}` },
      dispatcher,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET /sandbox/ledger: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: { operations: LedgerOperation[] } }).data.operations;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    studios = await SyncedStudios.start(browser);
    [a, b] = [studios.machine('A'), studios.machine('B')];
    dispatcher = new Agent({ connect: { ca: [a.studio.sandboxAdmin().caPem] } });
  }, 600_000);

  afterAll(async () => {
    await studios?.stop();
    await dispatcher?.close();
    await browser?.close().catch(() => undefined);
  });

  it('charges each line once and shows every line rendered on both', async () => {
    const scene = await a.studio.call('scenes.create', { title: 'Two clicks' });
    // Narrator lines read by one of the service's preset voices (both machines list the voices).
    const voiceId = (await a.studio.call('voices.list', {})).presets[0]?.id ?? null;
    await b.studio.call('voices.list', {});
    const narrated = (text: string): SceneLineInput => ({ ...speechLine(text), voiceId });
    const lines = ['The lanterns are lit.', 'Then the market opens.', 'Bring coins.'].map(narrated);
    await a.studio.call('scenes.update', { id: scene.id, quality: 'standard', lines });
    await a.settled();
    await b.studio.until('the scene to arrive with its lines', async () => {
      const seen = await b.studio.call('scenes.get', { id: scene.id }).catch(() => null);
      return seen?.lines.length === lines.length ? seen : null;
    });
    await Promise.all([openScene(a.app, scene.id), openScene(b.app, scene.id)]);
    await Promise.all([a.app.waitForPrice(lines.length), b.app.waitForPrice(lines.length)]);

    const before = new Set((await ledger()).map((operation) => operation.idempotency_key));
    await Promise.all([a.app.render(), b.app.render()]);
    await Promise.all([a.app.waitForLinesDone(lines.length), b.app.waitForLinesDone(lines.length)]);

    const charged = (await ledger()).filter((operation) => !before.has(operation.idempotency_key) && operation.charges > 0);
    expect(charged).toHaveLength(lines.length);
    for (const operation of charged) expect(operation.charges).toBe(1);
    const [onA, onB] = await Promise.all([a.studio.call('scenes.get', { id: scene.id }), b.studio.call('scenes.get', { id: scene.id })]);
    const audio = (shown: typeof onA) => shown.lines.map((line) => line.audioId);
    expect(audio(onB)).toEqual(audio(onA));
    expect(new Set(charged.map((operation) => operation.resource_id))).toEqual(new Set(audio(onA)));
  }, 600_000);
});
