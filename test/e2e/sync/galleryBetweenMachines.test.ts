import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import type { StudioApp } from '../studio/pages/StudioApp.ts';
import { chromiumMissing, launchChromium } from '../support/index.ts';
import { shownLines, speechLine, SyncedStudios, type SyncedMachine } from './support/syncedStudios.ts';

/** The gallery's entry of a collection, by its name. */
function collectionEntry(app: StudioApp, name: string): Locator {
  return app.page.locator('.gallery-collections .collection-entry', { has: app.page.locator('.collection-name', { hasText: name }) });
}

/** The star an item's tile shows once it is a favourite. */
function favouriteMark(app: StudioApp, itemId: string): Locator {
  return app.page.locator(`[data-item-id="${itemId}"] .gallery-favorite`);
}

/**
 * A creator's gallery and scenes on several machines in one service account and one space: the
 * collections and favourites made on A show on B's open gallery as they are made, and a machine
 * that joins later gets every scene, collection and favourite from the space and the media from
 * the service (history sync).
 */
describe.skipIf(chromiumMissing() !== null)('the gallery on several machines', () => {
  let browser: Browser;
  let studios: SyncedStudios;
  let a: SyncedMachine;
  let b: SyncedMachine;
  let image: LibraryItem;
  let sceneId = '';
  let collectionId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    studios = await SyncedStudios.start(browser, ['A']);
    a = studios.machine('A');
    const mira = await a.studio.createCharacter('Mira Vale');
    image = await a.studio.generate(mira, 'image', 'Lanterns over the night market');
    const scene = await a.studio.call('scenes.create', { title: 'Lantern night' });
    sceneId = scene.id;
    await a.studio.call('scenes.update', { id: sceneId, lines: [speechLine('The lanterns come on.'), speechLine('One by one.')] });
    // B starts once the image is in the account: its first history sync brings it.
    b = await studios.add('B');
    await b.studio.until(
      'the image on B',
      async () => (await b.studio.call('library.get', { id: image.id }).catch(() => null))?.downloaded,
    );
  }, 900_000);

  afterAll(async () => {
    await studios?.stop();
    await browser?.close().catch(() => undefined);
  });

  it('shows on B’s open gallery a collection and a favourite made on A', async () => {
    await b.app.go('gallery');
    await b.app.page.locator(`[data-item-id="${image.id}"]`).waitFor();
    expect(await favouriteMark(b.app, image.id).count()).toBe(0);

    const collection = await a.studio.call('collections.create', { name: 'Keepers' });
    collectionId = collection.id;
    await a.studio.call('collections.addItems', { id: collectionId, itemIds: [image.id] });
    await a.studio.call('library.setFavorite', { ids: [image.id], favorite: true });
    // A collection with nothing in it yet changes no item: only the list of collections tells B.
    await a.studio.call('collections.create', { name: 'Maybe later' });

    await collectionEntry(b.app, 'Keepers').waitFor();
    await collectionEntry(b.app, 'Maybe later').waitFor();
    await favouriteMark(b.app, image.id).waitFor();
    await collectionEntry(b.app, 'Keepers').click();
    await b.app.page.locator(`[data-item-id="${image.id}"]`).waitFor();
    expect(await b.studio.call('library.get', { id: image.id })).toMatchObject({ favorite: true });
  });

  it('gives a machine that joins later every scene, collection and favourite, and the media', async () => {
    await Promise.all([a.settled(), b.settled()]);
    const c = await studios.add('C');
    await c.studio.until(
      'the image downloaded on C',
      async () => (await c.studio.call('library.get', { id: image.id }).catch(() => null))?.downloaded,
    );
    await c.studio.until('the favourite on C', async () => (await c.studio.call('library.get', { id: image.id })).favorite);

    await c.app.go('gallery');
    await favouriteMark(c.app, image.id).waitFor();
    await collectionEntry(c.app, 'Keepers').click();
    await c.app.page.locator(`[data-item-id="${image.id}"]`).waitFor();

    await c.app.goScenes();
    await c.app.page.locator(`.scene-card[data-scene-id="${sceneId}"] .scene-card-open`).click();
    await c.app.editor().waitFor();
    expect(await shownLines(c.app)).toEqual(['The lanterns come on.', 'One by one.']);
    expect((await c.studio.call('collections.list', {})).find((each) => each.id === collectionId)).toMatchObject({
      name: 'Keepers',
      count: 1,
    });
  });
});
