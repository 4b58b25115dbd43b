import type { CharacterView } from '../../../shared/ipc/index.ts';
import { MediaImage } from '../../ui/MediaImage.tsx';

/** The headshot and the full body, large. */
export function CharacterPortraits({ character }: { character: CharacterView }) {
  const waiting = character.status === 'generating' ? 'Generating…' : character.status === 'failed' ? 'Failed' : 'Not downloaded yet';
  return (
    <div className="portraits">
      <figure className="portrait portrait-headshot" data-portrait="headshot" data-media-id={character.headshotMediaId ?? undefined}>
        <div className="portrait-frame media-frame">
          <MediaImage mediaId={character.headshotMediaId} alt={`Headshot of ${character.name}`} placeholder={waiting} eager />
        </div>
        <figcaption>Headshot</figcaption>
      </figure>
      <figure className="portrait portrait-fullbody" data-portrait="fullbody" data-media-id={character.fullbodyMediaId ?? undefined}>
        <div className="portrait-frame media-frame">
          <MediaImage mediaId={character.fullbodyMediaId} alt={`Full body of ${character.name}`} placeholder={waiting} eager />
        </div>
        <figcaption>Full body</figcaption>
      </figure>
    </div>
  );
}
