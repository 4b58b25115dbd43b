import type { SceneState, SceneStateKind } from '../../../shared/ipc/index.ts';
import { formatCount } from '../../ui/format.ts';

const LABELS: Record<SceneStateKind, (state: SceneState) => string> = {
  draft: () => 'Draft',
  priced: () => 'Priced, ready to render',
  rendering: ({ done, total }) => `Rendering: ${formatCount(done)} of ${formatCount(total)} done`,
  done: () => 'Every line rendered',
  attention: () => 'Needs attention: a line failed',
};

/** Where a whole scene stands, in words (the scene list's cards and the editor's header). */
export function SceneStateNote({ state }: { state: SceneState }) {
  return (
    <span className={`scene-state scene-state-${state.kind}`} data-scene-state={state.kind}>
      {LABELS[state.kind](state)}
    </span>
  );
}
