import { AlertTriangle, AudioLines, Maximize2, Mic, Sparkles } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Toolbar } from 'react-aria-components';
import type { CharacterView } from '../../../shared/ipc/index.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { Tooltip } from '../../ui/primitives/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { openCharacterAt } from './characterAnchor.ts';
import { useNaturalRatio } from './useNaturalRatio.ts';

const ICON = 16;
/** Headshots are square until the file says otherwise. */
const HEADSHOT_RATIO = 1;

type QuickActionProps = { label: string; 'data-action': string; onPress: () => void; children: ReactNode };

function QuickAction({ label, 'data-action': action, onPress, children }: QuickActionProps) {
  return (
    <Tooltip content={label}>
      <button type="button" className="card-action" aria-label={label} onClick={onPress} data-action={action}>
        {children}
      </button>
    </Tooltip>
  );
}

/** Only what needs attention shows: work in flight or a failure; a ready character carries no mark. */
function CardStatus({ status }: { status: CharacterView['status'] }) {
  const intl = useIntl();
  if (status === 'generating')
    return (
      <span className="character-card-status" data-mark="generating">
        <Spinner decorative />
        <span className="visually-hidden">{intl.formatMessage({ id: 'studio.card.generating' })}</span>
      </span>
    );
  if (status === 'failed')
    return (
      <span className="character-card-status character-card-failed" data-mark="failed">
        <AlertTriangle size={ICON} aria-hidden="true" />
        <span className="visually-hidden">{intl.formatMessage({ id: 'studio.card.failed' })}</span>
      </span>
    );
  return null;
}

/** The character's cast voice, by name (a voice gone from the library says so). */
function CardVoice({ voice }: { voice: NonNullable<CharacterView['castVoice']> }) {
  const intl = useIntl();
  return (
    <span className="character-card-voice" data-voice-id={voice.voiceId}>
      <AudioLines size={12} aria-hidden="true" />
      <span className="visually-hidden">{intl.formatMessage({ id: 'studio.card.voice' })} </span>
      {voice.name ? (
        <bdi className="character-card-voice-name">{voice.name}</bdi>
      ) : (
        <span className="character-card-voice-name">{intl.formatMessage({ id: 'studio.card.voiceGone' })}</span>
      )}
    </span>
  );
}

/**
 * A character as a portrait card: the headshot at its own shape, the name over it, and quick
 * actions shown on hover or keyboard focus (one Tab stop, arrows move between them). The actions
 * sit beside the card's own button rather than inside it: a button holds no other buttons.
 */
export function CharacterCard({ character }: { character: CharacterView }) {
  const intl = useIntl();
  const openCharacter = useNavigationStore((s) => s.openCharacter);
  const frame = useRef<HTMLDivElement>(null);
  const ratio = useNaturalRatio(frame, character.headshotMediaId) ?? HEADSHOT_RATIO;
  return (
    <div className="cast-card" data-character-id={character.id}>
      <article
        className="character-card"
        data-character-id={character.id}
        data-status={character.status}
        data-character-name={character.name}
      >
        <button type="button" className="character-card-open" onClick={() => openCharacter(character.id)}>
          <div ref={frame} className="character-card-media media-frame" style={{ aspectRatio: ratio }}>
            <MediaImage mediaId={character.headshotMediaId} alt="" />
          </div>
          <span className="character-card-caption">
            <span className="character-card-heading">
              <bdi className="character-card-name">{character.name}</bdi>
              {character.castVoice ? <CardVoice voice={character.castVoice} /> : null}
            </span>
            <CardStatus status={character.status} />
          </span>
        </button>
      </article>
      <Toolbar className="character-card-actions" aria-label={intl.formatMessage({ id: 'studio.card.actions' }, { name: character.name })}>
        <QuickAction
          label={intl.formatMessage({ id: 'studio.card.generate' })}
          data-action="card-generate"
          onPress={() => openCharacterAt(character.id, 'generate')}
        >
          <Sparkles size={ICON} aria-hidden="true" />
        </QuickAction>
        <QuickAction
          label={intl.formatMessage({ id: 'studio.card.giveVoice' })}
          data-action="card-voice"
          onPress={() => openCharacterAt(character.id, 'voice')}
        >
          <Mic size={ICON} aria-hidden="true" />
        </QuickAction>
        <QuickAction
          label={intl.formatMessage({ id: 'studio.card.open' })}
          data-action="card-open"
          onPress={() => openCharacter(character.id)}
        >
          <Maximize2 size={ICON} aria-hidden="true" />
        </QuickAction>
      </Toolbar>
    </div>
  );
}
