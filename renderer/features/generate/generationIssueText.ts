import type { GenerationIssue } from '../../../shared/api/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import type { Formats } from '../../i18n/format.ts';
import { MODE_LABELS, OPTION_LABELS } from './generateOptions.ts';

/** The catalog message of each issue the shared validator names; the compiler refuses an issue without one. */
const ISSUE_MESSAGES = {
  unknown_model: 'generate.issue.unknownModel',
  option_not_applicable: 'generate.issue.optionNotApplicable',
  mode_unsupported: 'generate.issue.modeUnsupported',
  duration_range: 'generate.issue.durationRange',
  too_many_references: 'generate.issue.tooManyReferences',
  no_hd: 'generate.issue.noHd',
  no_audio: 'generate.issue.noAudio',
  needs_audio: 'generate.issue.needsAudio',
  needs_input_image: 'generate.issue.needsInputImage',
  needs_image_or_reference: 'generate.issue.needsImageOrReference',
  needs_reference_video: 'generate.issue.needsReferenceVideo',
} as const satisfies Record<GenerationIssue['code'], MessageId>;

/** Model ids are the service's names: kept in their own direction inside the sentence. */
const isolate = (chunks: string[]) => `\u2068${chunks.join('')}\u2069`;

/** What the shared validator found, in the creator's language: options and modes by the panel's labels. */
export function generationIssueText(issue: GenerationIssue, formats: Formats): string {
  const values: Record<string, string | number | ((chunks: string[]) => string)> = { bdi: isolate };
  for (const [key, value] of Object.entries(issue)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
    else if (Array.isArray(value)) values[key] = value.join(', ');
  }
  if (issue.code === 'option_not_applicable') values.option = formats.text(OPTION_LABELS[issue.option].label);
  if ('mode' in issue) values.mode = MODE_LABELS[issue.mode] ? formats.text(MODE_LABELS[issue.mode] as MessageId) : issue.mode;
  return formats.text(ISSUE_MESSAGES[issue.code], values);
}
