import { useShallow } from 'zustand/react/shallow';
import type { Voice } from '../../../shared/api/index.ts';
import type { VoiceView } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { StatusBadge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useVoicesStore } from './voicesStore.ts';
import { formatCount } from '../../ui/format.ts';

const OWNER_LABELS: Record<string, string> = { me: 'Yours', team: 'Team', system: 'Preset' };

/** The user's and team's voices, then the presets, each with a preview to play. */
export function VoiceList({ onSpeak }: { onSpeak: (voice: Voice) => void }) {
  const { voices, presets, loaded, error } = useVoicesStore(
    useShallow((s) => ({ voices: s.voices, presets: s.presets, loaded: s.loaded, error: s.error })),
  );
  return (
    <div className="voice-lists">
      <section aria-labelledby="voices-own-heading">
        <h2 id="voices-own-heading" className="lib-section-title">
          Your voices <span className="lib-section-count">{formatCount(voices.length)}</span>
        </h2>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {loaded && voices.length === 0 && !error ? (
          <EmptyState title="No voices of your own yet">Clone one from an audio sample or design one from a description.</EmptyState>
        ) : (
          <ul className="voice-list" data-testid="own-voices">
            {voices.map((voice) => (
              <VoiceRow key={voice.id} voice={voice} onSpeak={onSpeak} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="voices-presets-heading">
        <h2 id="voices-presets-heading" className="lib-section-title">
          Presets <span className="lib-section-count">{formatCount(presets.length)}</span>
        </h2>
        <ul className="voice-list" data-testid="preset-voices">
          {presets.map((voice) => (
            <VoiceRow key={voice.id} voice={voice} onSpeak={onSpeak} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** What the row says when there is nothing to play yet. */
function noPreviewText(voice: VoiceView): string {
  if (voice.status === 'processing') return 'Preview when ready';
  // The service has one, but it plays from this computer (offline too) once core has fetched it.
  if (voice.status === 'ready' && voice.preview_url) return 'Preview not downloaded yet';
  return 'No preview';
}

function VoiceRow({ voice, onSpeak }: { voice: VoiceView; onSpeak: (voice: Voice) => void }) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const preview = mediaUrl(mediaBase, voice.previewMediaId);
  return (
    <li className="voice-row" data-voice-id={voice.id} data-voice-name={voice.name}>
      <div className="voice-row-head">
        <span className="voice-name">{voice.name}</span>
        <StatusBadge status={voice.status} />
        <span className="voice-meta">
          {[OWNER_LABELS[voice.owner ?? ''] ?? voice.source_type, voice.model].filter(Boolean).join(' · ')}
        </span>
      </div>
      {voice.description && <p className="voice-description">{voice.description}</p>}
      {voice.status === 'failed' && voice.error_message && <p className="field-error">{voice.error_message}</p>}
      <div className="voice-row-actions">
        {preview && voice.status === 'ready' ? (
          <audio className="voice-preview" src={preview} controls preload="none" aria-label={`Preview of ${voice.name}`} />
        ) : (
          <span className="voice-no-preview">{noPreviewText(voice)}</span>
        )}
        <button
          type="button"
          className="button button-secondary button-sm"
          disabled={voice.status !== 'ready'}
          onClick={() => onSpeak(voice)}
        >
          Make speech
        </button>
      </div>
    </li>
  );
}
