import type { ResourceKind } from '../api/common.ts';

/**
 * The kinds of job the outbox sends, each one paid operation of the service, and what the page
 * shows of them. Plain (no zod), so the page may load it; `shared/ipc/models.ts` builds the `JobKind`
 * schema from these ids, and core's table of job kinds (`electron/core/jobs/jobKinds.ts`) has one
 * row for each.
 */
export const JOB_KIND_IDS = [
  'character.create',
  'character.regenerate',
  'character.revert',
  'generation.create',
  'voice.clone',
  'audio.create',
] as const;

export type JobKindId = (typeof JOB_KIND_IDS)[number];

/** What a kind of job is to the page. */
export type JobKindView = {
  /** The kind of service resource the job makes or changes. */
  makes: ResourceKind;
  /** The word the queue shows on the job's row. */
  label: string;
};

/** A view for every kind: a kind without its view does not compile. */
export type JobKindViews = { readonly [K in JobKindId]: JobKindView };

export const JOB_KIND_VIEWS = {
  'character.create': { makes: 'character', label: 'Character' },
  'character.regenerate': { makes: 'character', label: 'Regenerate' },
  'character.revert': { makes: 'character', label: 'Revert' },
  'generation.create': { makes: 'generation', label: 'Generation' },
  'voice.clone': { makes: 'voice', label: 'Voice' },
  'audio.create': { makes: 'audio', label: 'Speech' },
} as const satisfies JobKindViews;
