import { useNavigationStore } from '../../stores/navigationStore.ts';
import { CastView } from './CastView.tsx';
import { useCharacterAnchor } from './characterAnchor.ts';
import { CharacterPage } from './CharacterPage.tsx';
import './studio.css';

/** The studio: the cast, or one character's page (opened at a section when the address names one). */
export function StudioScreen() {
  const characterId = useNavigationStore((s) => s.characterId);
  useCharacterAnchor(characterId);
  return characterId ? <CharacterPage key={characterId} characterId={characterId} /> : <CastView />;
}
