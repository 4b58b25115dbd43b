import type { CharacterView } from '../../../shared/ipc/index.ts';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { formatDateTime } from '../../ui/format.ts';

/** Each version of the portraits, the current one marked. */
export function CharacterVersions({ character }: { character: CharacterView }) {
  const versions = [...character.versions].sort((a, b) => b.version - a.version);
  return (
    <section className="panel" aria-labelledby="versions-title">
      <h2 id="versions-title" className="panel-title">
        Versions
      </h2>
      {versions.length === 0 ? (
        <p className="muted">The first version is being made.</p>
      ) : (
        <ol className="versions" data-current-version={character.version}>
          {versions.map((version) => {
            const current = version.version === character.version;
            return (
              <li
                key={version.version}
                className={`version${current ? ' version-current' : ''}`}
                aria-current={current ? 'true' : undefined}
                data-version={version.version}
              >
                <div className="version-thumb media-frame">
                  <MediaImage mediaId={version.headshotMediaId} alt="" />
                </div>
                <div className="version-info">
                  <span className="version-name">Version {version.version}</span>
                  <span className="version-date">{formatDateTime(version.createdAt)}</span>
                </div>
                {current ? <span className="badge badge-accent">current</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
