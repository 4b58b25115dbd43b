import { useIntl } from 'react-intl';
import { Toolbar } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import type { CharacterView } from '../../../shared/ipc/index.ts';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { Tooltip } from '../../ui/primitives/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { lookOf, useCharacterLookStore } from './characterLookStore.ts';
import { scrollWithinMain } from './scrollWithinMain.ts';

/**
 * Every version of the look as a strip of headshots, newest first. Clicking one (or Enter/Space
 * on it; the arrow keys move along the strip) shows its portraits above; the current one is marked.
 */
export function CharacterVersions({ character }: { character: CharacterView }) {
  const intl = useIntl();
  const { shown, show } = useCharacterLookStore(useShallow((s) => ({ shown: s.shown, show: s.show })));
  const versions = [...character.versions].sort((a, b) => b.version - a.version);
  const showing = lookOf(character, shown).version;

  const pick = (version: number) => {
    show(character.id, version);
    // The look is at the top of the page: bring it into view if the strip's click left it above.
    const look = document.querySelector('.portraits-section');
    if (look) scrollWithinMain(look, 'nearest');
  };

  return (
    <section className="panel" aria-labelledby="versions-title">
      <h2 id="versions-title" className="panel-title">
        {intl.formatMessage({ id: 'studio.versions.title' })}
      </h2>
      {versions.length === 0 ? (
        <p className="muted versions-waiting">
          <Spinner decorative /> {intl.formatMessage({ id: 'studio.versions.first' })}
        </p>
      ) : (
        <Toolbar
          className="versions"
          aria-label={intl.formatMessage({ id: 'studio.versions.list' })}
          data-current-version={character.version}
        >
          {versions.map((version) => {
            const current = version.version === character.version;
            const detail = intl.formatMessage(
              { id: 'studio.versions.detail' },
              { current: String(current), when: formatDateTime(version.createdAt) },
            );
            const name = intl.formatMessage({ id: 'studio.version' }, { version: version.version });
            return (
              <Tooltip key={version.version} content={`${name}${detail}`}>
                <button
                  type="button"
                  className={`version${current ? ' version-current' : ''}`}
                  aria-pressed={version.version === showing}
                  onClick={() => pick(version.version)}
                  data-version={version.version}
                >
                  <span className="version-thumb">
                    <MediaImage mediaId={version.headshotMediaId} alt="" />
                  </span>
                  <span className="version-name">{name}</span>
                  <span className="visually-hidden">{detail}</span>
                </button>
              </Tooltip>
            );
          })}
        </Toolbar>
      )}
    </section>
  );
}
