/** The contract's scene types and the enums the editor offers, in one import. */
export { Emotion } from '../../../shared/api/audio.ts';
export { Quality } from '../../../shared/api/catalog.ts';
export type { Scene, SceneLine, ScenePrice, SceneSummary } from '../../../shared/ipc/index.ts';
import type { ScenePrice } from '../../../shared/ipc/index.ts';

export type SceneLinePriceView = ScenePrice['lines'][number];
