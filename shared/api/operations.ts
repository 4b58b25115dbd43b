/** The catalog's paid operations (spec 4.3 `operation_id`): what a quote and its request name. */
export const OPERATION_IDS = {
  createCharacter: 'characters.create.v1',
  regenerateCharacter: 'characters.regenerate.v1',
  revertCharacter: 'characters.revert.v1',
  createGeneration: 'generations.create.v1',
  cloneVoice: 'voices.clone.v1',
  createAudio: 'audio.create.v1',
} as const;
export type OperationId = (typeof OPERATION_IDS)[keyof typeof OPERATION_IDS];
