import { useIntl } from 'react-intl';
import type { CharacterView } from '../../../shared/ipc/index.ts';
import { CREATION_TYPES, traitLabel } from './traitCatalog.ts';

/** The character's traits as a definition list; long texts get the full width. */
export function CharacterTraits({ character }: { character: CharacterView }) {
  const intl = useIntl();
  const entries = Object.entries(character.parameters).filter(
    ([key, value]) => key !== 'creationType' && typeof value === 'string' && value.trim() !== '',
  );
  const creationType = intl.formatMessage({
    id: CREATION_TYPES.find((t) => t.value === character.parameters.creationType)?.label ?? 'studio.kind.human',
  });
  return (
    <section className="panel" aria-labelledby="traits-title">
      <h2 id="traits-title" className="panel-title">
        {intl.formatMessage({ id: 'studio.traits.title' })}
      </h2>
      <dl className="traits">
        <div className="trait">
          <dt>{intl.formatMessage({ id: 'studio.traits.kind' })}</dt>
          <dd>{creationType}</dd>
        </div>
        {entries.map(([key, value]) => (
          <div key={key} className={`trait${key === 'customDetails' || key === 'prompt' ? ' trait-wide' : ''}`}>
            <dt>{traitLabel(key)}</dt>
            <dd dir="auto">{String(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
