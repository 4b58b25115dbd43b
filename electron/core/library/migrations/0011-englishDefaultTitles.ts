import type { Migration } from './migration.ts';

/** The English title core gave a scene without one (and its collection) before the page worded it. */
export const ENGLISH_UNTITLED_SCENE = 'Untitled scene';

/**
 * Titles stored in English before the page worded them: a portrait was "Character <name>" and an
 * untitled scene (with its own collection in the gallery) "Untitled scene", read that way in every
 * language. A library item's title is never typed by a person, but a character's name is, so a
 * portrait loses the word only when its title is exactly what core wrote from its character's
 * name (the mirror's character, else the name the item holds; "Character" alone for no name):
 * a character named "Character study" keeps a portrait titled so. A scene or a scene's own
 * collection loses exactly "Untitled scene"; "Untitled scene 2" is someone's title. The search
 * index follows the titles through 0002's update trigger. A space's shared documents hold the
 * scene's title and collection too: they are emptied there once each (spaces/englishUntitled.ts),
 * else reading them would bring the English back.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'no English default titles',
  up(db) {
    const portraitName = `coalesce((SELECT c.name FROM characters c WHERE c.id = library_items.character_id), character_name, '')`;
    db.prepare(
      `UPDATE library_items SET title = ${portraitName}
       WHERE kind = 'character_create' AND title IN ('Character ' || ${portraitName}, rtrim('Character ' || ${portraitName}, ' '))`,
    ).run();
    db.prepare('UPDATE scenes SET title = ? WHERE title = ?').run('', ENGLISH_UNTITLED_SCENE);
    db.prepare(
      `UPDATE collections SET name = ? WHERE name = ? AND character_id IS NULL
         AND id IN (SELECT collection_id FROM scenes WHERE collection_id IS NOT NULL)`,
    ).run('', ENGLISH_UNTITLED_SCENE);
  },
};
