import { useIntl } from 'react-intl';
import type { SceneState, SceneStateKind } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

const LABELS: Record<SceneStateKind, MessageId> = {
  draft: 'scenes.state.draft',
  priced: 'scenes.state.priced',
  rendering: 'scenes.state.rendering',
  done: 'scenes.state.done',
  attention: 'scenes.state.attention',
};

/** Where a whole scene stands, in words (the scene list's cards and the editor's header). */
export function SceneStateNote({ state }: { state: SceneState }) {
  const intl = useIntl();
  return (
    <span className={`scene-state scene-state-${state.kind}`} data-scene-state={state.kind}>
      {intl.formatMessage({ id: LABELS[state.kind] }, { done: state.done, total: state.total })}
    </span>
  );
}
