import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../renderer/i18n/locales.ts';

const DIR = fileURLToPath(new URL('../../../../renderer/i18n/messages/', import.meta.url));

function read(name: string): Record<string, string> {
  return JSON.parse(readFileSync(`${DIR}${name}`, 'utf8')) as Record<string, string>;
}

const english = read('en.json');
const ids = Object.keys(english).sort();

/** Every argument a message uses, with its kind: `count:plural`, `screen:argument`. */
function argumentsOf(ast: readonly MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of ast) {
    if (isArgumentElement(element)) found.add(`${element.value}:argument`);
    else if (isNumberElement(element)) found.add(`${element.value}:number`);
    else if (isDateElement(element) || isTimeElement(element)) found.add(`${element.value}:date`);
    else if (isPluralElement(element) || isSelectElement(element)) {
      found.add(`${element.value}:${isPluralElement(element) ? 'plural' : 'select'}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    } else if (isTagElement(element)) {
      found.add(`<${element.value}>`);
      argumentsOf(element.children, found);
    }
  }
  return found;
}

/** The options a select offers: its cases are values the code passes, not words to translate. */
function selectCases(ast: readonly MessageFormatElement[], found = new Map<string, string[]>()): Map<string, string[]> {
  for (const element of ast) {
    if (isSelectElement(element)) found.set(element.value, Object.keys(element.options).sort());
    if (isPluralElement(element) || isSelectElement(element))
      for (const option of Object.values(element.options)) selectCases(option.value, found);
  }
  return found;
}

describe('the message catalogs', () => {
  it('has one catalog per language the studio offers, and nothing else', () => {
    const files = readdirSync(DIR).filter((name) => name.endsWith('.json') && !name.includes('.descriptions.'));
    expect(files.sort()).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
  });

  it('describes every English message for its translators, and only those', () => {
    const descriptions = read('en.descriptions.json');
    expect(Object.keys(descriptions).sort()).toEqual(ids);
    for (const [id, text] of Object.entries(descriptions)) expect(text.trim(), id).not.toBe('');
  });

  describe.each(LOCALES)('%s', (locale) => {
    const catalog = read(`${locale}.json`);

    it('holds every message of the English catalog and no other', () => {
      expect(Object.keys(catalog).sort()).toEqual(ids);
    });

    it('parses each message as ICU and uses the same arguments as English', () => {
      for (const id of ids) {
        const message = catalog[id];
        expect(message?.trim(), `${locale} ${id} is empty`).toBeTruthy();
        const ast = parse(message ?? '');
        const source = parse(english[id] ?? '');
        expect([...argumentsOf(ast)].sort(), `${locale} ${id}`).toEqual([...argumentsOf(source)].sort());
        expect(selectCases(ast), `${locale} ${id}`).toEqual(selectCases(source));
      }
    });

    it('gives each plural the "other" case, and only the categories its language has', () => {
      const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      for (const id of ids) {
        for (const element of parse(catalog[id] ?? '')) {
          if (!isPluralElement(element)) continue;
          const keys = Object.keys(element.options).filter((key) => !key.startsWith('='));
          expect(keys, `${locale} ${id}`).toContain('other');
          for (const key of keys) expect(categories.has(key), `${locale} ${id} has no "${key}" in ${locale}`).toBe(true);
        }
      }
    });
  });
});
