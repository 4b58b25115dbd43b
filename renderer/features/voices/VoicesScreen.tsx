import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { SpeechForm, useSpeechPrice } from './SpeechForm.tsx';
import { TrackList } from './TrackList.tsx';
import { useTracksStore } from './tracksStore.ts';
import { useClonePrice, VoiceCreateForm } from './VoiceCreateForm.tsx';
import { VoiceList } from './VoiceList.tsx';
import { useVoicesStore } from './voicesStore.ts';
import './voices.css';

for (const store of [useVoicesStore, useTracksStore, useSpeechPrice, useClonePrice]) {
  registerStoreReset(() => store.getState().reset());
}

/** The voice lab: voices and presets, cloning and design, text to speech and its tracks. */
export function VoicesScreen() {
  const intl = useIntl();
  const [voiceId, setVoiceId] = useState('');

  useEffect(() => {
    void useVoicesStore.getState().load();
    void useTracksStore.getState().load();
  }, []);

  return (
    <section className="screen voices-screen" aria-labelledby="voices-heading">
      <header className="screen-header">
        <h1 id="voices-heading" className="screen-title">
          {intl.formatMessage({ id: 'voices.title' })}
        </h1>
      </header>
      <OfflineBanner what={intl.formatMessage({ id: 'voices.offline' })} />
      <div className="voices-layout">
        <div className="voices-column">
          <SpeechForm voiceId={voiceId} onVoiceChange={setVoiceId} />
          <TrackList />
        </div>
        <div className="voices-column">
          <VoiceCreateForm />
          <VoiceList
            onSpeak={(voice) => {
              setVoiceId(voice.id);
              document.getElementById('speech-heading')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          />
        </div>
      </div>
    </section>
  );
}
