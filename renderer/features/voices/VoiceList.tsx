import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Voice } from '../../../shared/api/index.ts';
import { VOICE_MODELS } from '../../../shared/api/voiceOptions.ts';
import type { VoiceView } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { WorkStatus } from '../../ui/WorkStatus.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PlayButton } from '../../ui/MediaPlayer/index.ts';
import { Select } from '../../ui/primitives/index.ts';
import { useVoicesStore } from './voicesStore.ts';
import { formatCount } from '../../ui/format.ts';
import { GiveVoiceTo } from '../scenes/GiveVoiceTo.tsx';

const OWNER_LABELS: Record<string, string> = { me: 'Yours', team: 'Team', system: 'Preset' };
const ALL_MODELS = '';
const MODEL_FILTER = [{ value: ALL_MODELS, label: 'Every model' }, ...VOICE_MODELS.map((model) => ({ value: model, label: model }))];

/** The user's and team's voices, then the presets, as cards with a play button, filterable by model. */
export function VoiceList({ onSpeak }: { onSpeak: (voice: Voice) => void }) {
  const { voices, presets, loaded, error } = useVoicesStore(
    useShallow((s) => ({ voices: s.voices, presets: s.presets, loaded: s.loaded, error: s.error })),
  );
  const [model, setModel] = useState(ALL_MODELS);
  const shown = (list: readonly VoiceView[]) => (model === ALL_MODELS ? list : list.filter((voice) => voice.model === model));
  const own = shown(voices);
  const preset = shown(presets);
  return (
    <div className="voice-lists">
      <section aria-labelledby="voices-own-heading">
        {/* The model filter heads the lists it filters (yours and the presets), beside the first one's title. */}
        <div className="voice-lists-head">
          <h2 id="voices-own-heading" className="lib-section-title">
            Your voices <span className="lib-section-count">{formatCount(own.length)}</span>
          </h2>
          <Select
            label="Model"
            name="voice-model-filter"
            className="field-inline voice-filter"
            value={model}
            onChange={setModel}
            options={MODEL_FILTER}
          />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {loaded && own.length === 0 && !error ? (
          <EmptyState title={voices.length === 0 ? 'No voices of your own yet' : `None of your voices uses ${model}`}>
            {voices.length === 0 ? 'Clone one from an audio sample or design one from a description.' : 'Choose another model above.'}
          </EmptyState>
        ) : (
          <ul className="voice-list" data-testid="own-voices">
            {own.map((voice) => (
              <VoiceCard key={voice.id} voice={voice} onSpeak={onSpeak} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="voices-presets-heading">
        <h2 id="voices-presets-heading" className="lib-section-title">
          Presets <span className="lib-section-count">{formatCount(preset.length)}</span>
        </h2>
        <ul className="voice-list" data-testid="preset-voices">
          {preset.map((voice) => (
            <VoiceCard key={voice.id} voice={voice} onSpeak={onSpeak} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** What the card says when there is nothing to play yet. */
function noPreviewText(voice: VoiceView): string {
  if (voice.status === 'processing') return 'Preview when ready';
  // The service has one, but it plays from this computer (offline too) once core has fetched it.
  if (voice.status === 'ready' && voice.preview_url) return 'Preview downloading';
  return 'No preview';
}

function VoiceCard({ voice, onSpeak }: { voice: VoiceView; onSpeak: (voice: Voice) => void }) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const preview = mediaUrl(mediaBase, voice.previewMediaId);
  return (
    <li className="voice-row" data-voice-id={voice.id} data-voice-name={voice.name}>
      <div className="voice-row-head" data-status={voice.status}>
        {preview && voice.status === 'ready' ? (
          <PlayButton src={preview} label={`the preview of ${voice.name}`} />
        ) : (
          <span className="voice-avatar" aria-hidden="true">
            {voice.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="voice-title">
          <span className="voice-name">{voice.name}</span>
          <span className="voice-meta">
            {[OWNER_LABELS[voice.owner ?? ''] ?? voice.source_type, voice.model].filter(Boolean).join(' · ')}
          </span>
        </div>
        <WorkStatus status={voice.status} />
      </div>
      {voice.description && <p className="voice-description">{voice.description}</p>}
      {voice.status === 'failed' && voice.error_message && <p className="field-error">{voice.error_message}</p>}
      <div className="voice-row-actions">
        {!(preview && voice.status === 'ready') && <span className="voice-no-preview">{noPreviewText(voice)}</span>}
        <button
          type="button"
          className="button button-secondary button-sm"
          disabled={voice.status !== 'ready'}
          onClick={() => onSpeak(voice)}
          aria-label={`Make speech with ${voice.name}`}
        >
          Make speech
        </button>
        {voice.status === 'ready' ? <GiveVoiceTo voiceId={voice.id} voiceName={voice.name} /> : null}
      </div>
    </li>
  );
}
