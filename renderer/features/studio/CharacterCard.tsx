import type { CharacterView } from '../../../shared/ipc/index.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { StatusBadge } from '../../ui/Badge.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';

const PLACEHOLDER: Record<CharacterView['status'], string> = {
  generating: 'Generating…',
  ready: 'No portrait',
  failed: 'Failed',
};

export function CharacterCard({ character }: { character: CharacterView }) {
  const openCharacter = useNavigationStore((s) => s.openCharacter);
  return (
    <article
      className="character-card"
      data-character-id={character.id}
      data-status={character.status}
      data-character-name={character.name}
    >
      <button type="button" className="character-card-open" onClick={() => openCharacter(character.id)}>
        <div className="character-card-media media-frame">
          <MediaImage mediaId={character.headshotMediaId} alt="" placeholder={PLACEHOLDER[character.status]} />
        </div>
        <div className="character-card-info">
          <span className="character-card-name">{character.name}</span>
          <StatusBadge status={character.status} />
        </div>
      </button>
    </article>
  );
}
