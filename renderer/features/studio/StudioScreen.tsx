import { useNavigationStore } from '../../stores/navigationStore.ts';
import { CastView } from './CastView.tsx';
import { CharacterPage } from './CharacterPage.tsx';
import './studio.css';

/** The studio: the cast, or one character's page. */
export function StudioScreen() {
  const characterId = useNavigationStore((s) => s.characterId);
  return characterId ? <CharacterPage key={characterId} characterId={characterId} /> : <CastView />;
}
