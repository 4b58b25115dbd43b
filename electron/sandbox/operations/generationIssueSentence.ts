import type { GenerationIssue } from '../../../shared/api/index.ts';

type Sentences = { [C in GenerationIssue['code']]: (issue: Extract<GenerationIssue, { code: C }>) => string };

/** What the sandbox, speaking as the service, says of each issue: the words the service's own validator uses. */
const SENTENCES: Sentences = {
  unknown_model: (i) => `Unknown ${i.type} model "${i.model}"; choose one of: ${i.choices.join(', ')}.`,
  option_not_applicable: (i) => `The option ${i.option} does not apply to ${i.type} generations.`,
  mode_unsupported: (i) => `The model ${i.model} does not support the ${i.mode} mode.`,
  duration_range: (i) => `The model ${i.model} makes clips of ${i.min} to ${i.max} seconds.`,
  too_many_references: (i) => `The model ${i.model} accepts at most ${i.max} reference images.`,
  no_hd: (i) => `The model ${i.model} does not offer HD.`,
  no_audio: (i) => `The model ${i.model} cannot generate audio.`,
  needs_audio: (i) => `${i.for === 'talk' ? 'A talk clip' : 'Lipsync'} needs audio_url: the audio the character speaks.`,
  needs_input_image: () => 'Image edit needs input_image: the image to transform.',
  needs_image_or_reference: () => 'Image remix needs input_image or at least one reference image.',
  needs_reference_video: (i) => `Video ${i.mode} needs reference_video: the source video.`,
};

export function generationIssueSentence(issue: GenerationIssue): string {
  return (SENTENCES[issue.code] as (each: GenerationIssue) => string)(issue);
}
