import type { GenerationIssue } from '../../../shared/api/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import type { Formats } from '../../i18n/format.ts';
import { generationIssueText } from './generationIssueText.ts';
import { tooLongMessage } from '../../ui/format.ts';

/**
 * What the panel finds wrong with one field before anything is sent, as a code the page words when
 * it draws it: the words follow a change of language, and whether an issue is a hint or an error
 * is decided by its code, never by comparing sentences.
 */
export type PanelIssue =
  | { code: 'no_models' | 'uploading' | 'no_prompt' | 'no_voice' | 'no_line' | 'no_track' | 'track_not_ready' }
  | { code: 'too_long'; what: 'prompt' | 'line'; length: number; max: number }
  /** What the validator shared with the service found. */
  | { code: 'service'; issue: GenerationIssue };

/** Field → its first issue. Keys are option names, or `prompt`, `model`, `voice`, `text`. */
export type Issues = Partial<Record<string, PanelIssue>>;

const MESSAGES = {
  no_models: 'generate.issue.noModels',
  uploading: 'generate.issue.uploading',
  no_prompt: 'generate.issue.noPrompt',
  no_voice: 'generate.issue.noVoice',
  no_line: 'generate.issue.noLine',
  no_track: 'generate.issue.noTrack',
  track_not_ready: 'generate.issue.trackNotReady',
} as const satisfies Record<Exclude<PanelIssue['code'], 'too_long' | 'service'>, MessageId>;

const WHAT = { prompt: 'generate.prompt.what', line: 'generate.audio.line.what' } as const satisfies Record<string, MessageId>;

/** The panel's issue in the creator's language. */
export function panelIssueText(issue: PanelIssue, formats: Formats): string {
  switch (issue.code) {
    case 'too_long':
      return tooLongMessage(formats.text(WHAT[issue.what]), issue.length, issue.max, formats) ?? '';
    case 'service':
      return generationIssueText(issue.issue, formats);
    default:
      return formats.text(MESSAGES[issue.code]);
  }
}

/** Issues that ask for an input not given yet: hints, not errors, until the first try to submit. */
const ASKS_FOR_INPUT: ReadonlySet<PanelIssue['code']> = new Set(['no_prompt', 'no_voice', 'no_line', 'no_track']);

/** The validator's issues about a file the type or mode needs and that is not attached yet. */
const NEEDS_FILE: ReadonlySet<GenerationIssue['code']> = new Set([
  'needs_audio',
  'needs_input_image',
  'needs_image_or_reference',
  'needs_reference_video',
]);

export function asksForInput(issue: PanelIssue): boolean {
  return ASKS_FOR_INPUT.has(issue.code);
}

export function needsFile(issue: PanelIssue): boolean {
  return issue.code === 'service' && NEEDS_FILE.has(issue.issue.code);
}

export function hasIssues(issues: Issues): boolean {
  return Object.values(issues).some(Boolean);
}

/** A character count over its limit, or null when it fits. */
export function tooLong(what: 'prompt' | 'line', length: number, max: number): PanelIssue | null {
  return length > max ? { code: 'too_long', what, length, max } : null;
}
