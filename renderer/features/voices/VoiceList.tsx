import { useState } from 'react';
import { useIntl } from 'react-intl';
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

import type { MessageId } from '../../i18n/catalogs.ts';
import { SaidText } from '../../ui/SaidText.tsx';

const OWNER_LABELS: Record<string, MessageId> = { me: 'voices.owner.me', team: 'voices.owner.team', system: 'voices.owner.system' };
const ALL_MODELS = '';

/** The user's and team's voices, then the presets, as cards with a play button, filterable by model. */
export function VoiceList({ onSpeak }: { onSpeak: (voice: Voice) => void }) {
  const { voices, presets, loaded, error } = useVoicesStore(
    useShallow((s) => ({ voices: s.voices, presets: s.presets, loaded: s.loaded, error: s.error })),
  );
  const intl = useIntl();
  const [model, setModel] = useState(ALL_MODELS);
  const modelFilter = [
    { value: ALL_MODELS, label: intl.formatMessage({ id: 'voices.filter.all' }) },
    ...VOICE_MODELS.map((each) => ({ value: each, label: each })),
  ];
  const shown = (list: readonly VoiceView[]) => (model === ALL_MODELS ? list : list.filter((voice) => voice.model === model));
  const own = shown(voices);
  const preset = shown(presets);
  return (
    <div className="voice-lists">
      <section aria-labelledby="voices-own-heading">
        {/* The model filter heads the lists it filters (yours and the presets), beside the first one's title. */}
        <div className="voice-lists-head">
          <h2 id="voices-own-heading" className="lib-section-title">
            {intl.formatMessage({ id: 'voices.own.title' })} <span className="lib-section-count">{formatCount(own.length)}</span>
          </h2>
          <Select
            label={intl.formatMessage({ id: 'voices.filter.label' })}
            name="voice-model-filter"
            className="field-inline voice-filter"
            value={model}
            onChange={setModel}
            options={modelFilter}
          />
        </div>
        {error && (
          <p className="field-error" role="alert">
            <SaidText said={error} />
          </p>
        )}
        {loaded && own.length === 0 && !error ? (
          <EmptyState
            title={
              voices.length === 0
                ? intl.formatMessage({ id: 'voices.own.empty' })
                : intl.formatMessage({ id: 'voices.own.noneForModel' }, { model })
            }
          >
            {intl.formatMessage({ id: voices.length === 0 ? 'voices.own.empty.hint' : 'voices.own.noneForModel.hint' })}
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
          {intl.formatMessage({ id: 'voices.presets.title' })} <span className="lib-section-count">{formatCount(preset.length)}</span>
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
function noPreviewText(voice: VoiceView): MessageId {
  if (voice.status === 'processing') return 'voices.preview.whenReady';
  // The service has one, but it plays from this computer (offline too) once core has fetched it.
  if (voice.status === 'ready' && voice.preview_url) return 'voices.preview.downloading';
  return 'voices.preview.none';
}

function VoiceCard({ voice, onSpeak }: { voice: VoiceView; onSpeak: (voice: Voice) => void }) {
  const intl = useIntl();
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const preview = mediaUrl(mediaBase, voice.previewMediaId);
  const owner = OWNER_LABELS[voice.owner ?? ''];
  return (
    <li className="voice-row" data-voice-id={voice.id} data-voice-name={voice.name}>
      <div className="voice-row-head" data-status={voice.status}>
        {preview && voice.status === 'ready' ? (
          <PlayButton src={preview} label={intl.formatMessage({ id: 'voices.preview.label' }, { name: voice.name })} />
        ) : (
          <span className="voice-avatar" aria-hidden="true">
            {voice.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="voice-title">
          <bdi className="voice-name">{voice.name}</bdi>
          <span className="voice-meta">
            {[owner ? intl.formatMessage({ id: owner }) : voice.source_type, voice.model].filter(Boolean).join(' · ')}
          </span>
        </div>
        <WorkStatus status={voice.status} />
      </div>
      {voice.description && (
        <p className="voice-description" dir="auto">
          {voice.description}
        </p>
      )}
      {voice.status === 'failed' && voice.error_message && <p className="field-error">{voice.error_message}</p>}
      <div className="voice-row-actions">
        {!(preview && voice.status === 'ready') && (
          <span className="voice-no-preview">{intl.formatMessage({ id: noPreviewText(voice) })}</span>
        )}
        <button
          type="button"
          className="button button-secondary button-sm"
          disabled={voice.status !== 'ready'}
          onClick={() => onSpeak(voice)}
          aria-label={intl.formatMessage({ id: 'voices.speak.with' }, { name: voice.name })}
        >
          {intl.formatMessage({ id: 'voices.speak' })}
        </button>
        {voice.status === 'ready' ? <GiveVoiceTo voiceId={voice.id} voiceName={voice.name} /> : null}
      </div>
    </li>
  );
}
