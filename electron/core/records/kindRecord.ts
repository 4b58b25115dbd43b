import type { AudioTrack, Character, Generation, ResourceKind, Voice } from '../../../shared/api/index.ts';

export type { ResourceKind } from '../../../shared/api/index.ts';

/** The service's record of each kind. */
export type RecordOf = { character: Character; generation: Generation; voice: Voice; audio: AudioTrack };

/** A fresh record with its kind (one of the kinds, or the union of them all). */
export type KindRecord<K extends ResourceKind = ResourceKind> = { [P in K]: { kind: P; record: RecordOf[P] } }[K];

/** A resource named by kind and id (what is followed, removed or forgotten). */
export type KindId = { kind: ResourceKind; id: string };
