import type { AppError } from '../../shared/ipc/index.ts';
import type { MessageId } from '../i18n/catalogs.ts';
import type { Formats } from '../i18n/format.ts';
import { describeError } from './errorMessages.ts';

/** A value a message reads: a number, a name, an error (worded as it is drawn) or words of ours. */
export type WordsValue = string | number | AppError | Words;

/** A catalog message and its values, kept by a store and put into words where it is shown. */
export type Words = { id: MessageId; values?: Readonly<Record<string, WordsValue>> };

/**
 * What a store has to say: an error from core, its own messages (both worded in the language shown
 * when they are drawn, so a change of language reaches them too), or words that are not ours to
 * translate (the service's own).
 */
export type Said = AppError | Words | readonly Words[] | string;

/** Values that are text a person wrote or named: isolated, so an English title reads right in Arabic. */
const PERSON_TEXT = new Set(['name', 'title', 'folder', 'voice']);

/** Values that are amounts of credits, formatted as the language writes them when drawn. */
const CREDIT_VALUES = new Set(['credits']);

export function isAppError(value: unknown): value is AppError {
  return typeof value === 'object' && value !== null && 'code' in value;
}

function isWordsList(said: Words | readonly Words[]): said is readonly Words[] {
  return Array.isArray(said);
}

export function wordsList(said: Words | readonly Words[]): readonly Words[] {
  return isWordsList(said) ? said : [said];
}

/** A message's values in the language of `formats`; `isolate` wraps what a person named. */
export function valuesOf<T>(
  values: Words['values'],
  formats: Formats,
  isolate: (text: string, key: string) => T,
): Record<string, string | number | T> {
  const out: Record<string, string | number | T> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (isAppError(value)) out[key] = describeError(value, formats);
    else if (typeof value === 'object') out[key] = wordsText(value, formats);
    else if (typeof value === 'number' && CREDIT_VALUES.has(key)) out[key] = formats.credits(value);
    else out[key] = PERSON_TEXT.has(key) && typeof value === 'string' ? isolate(value, key) : value;
  }
  return out;
}

function wordsText(words: Words, formats: Formats): string {
  return formats.text(
    words.id,
    valuesOf(words.values, formats, (text) => `\u2068${text}\u2069`),
  );
}

/** What a store said, as plain text in the language of `formats` (a toast, a label, an attribute). */
export function saidText(said: Said, formats: Formats): string {
  if (typeof said === 'string') return said;
  if (isAppError(said)) return describeError(said, formats);
  return wordsList(said)
    .map((words) => wordsText(words, formats))
    .join(' ');
}
