/** The contract's scene types and the values the editor offers, in one import. */
export { EMOTIONS, isEmotion } from '../../../shared/api/voiceOptions.ts';
export { QUALITIES, isQuality } from '../../../shared/api/optionValues.ts';
export type { Scene, SceneLine, ScenePrice, SceneSummary } from '../../../shared/ipc/index.ts';
import type { ScenePrice } from '../../../shared/ipc/index.ts';

export type SceneLinePriceView = ScenePrice['lines'][number];
