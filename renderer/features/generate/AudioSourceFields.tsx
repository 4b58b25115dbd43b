import { useShallow } from 'zustand/react/shallow';
import { Emotion, LIMITS, type Voice } from '../../../shared/api/index.ts';
import { Field } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl, type Segment } from '../../ui/SegmentedControl.tsx';
import type { AudioSource } from './buildGeneration.ts';
import { useGenerateStore } from './generateStore.ts';
import { OptionField } from './OptionField.tsx';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';

const SOURCES_TALK: readonly Segment<AudioSource>[] = [
  { value: 'speech', label: 'Write a line' },
  { value: 'track', label: 'Audio track' },
  { value: 'file', label: 'Audio file' },
];
const SOURCES_LIPSYNC: readonly Segment<AudioSource>[] = SOURCES_TALK.filter((s) => s.value !== 'speech');

/**
 * Where a talk clip's (or a lipsync's) audio comes from: a line spoken by a voice, which the queue
 * turns into speech first; an existing audio track; or an audio file.
 */
export function AudioSourceFields({ allowSpeech }: { allowSpeech: boolean }) {
  const state = useGenerateStore(
    useShallow((s) => ({
      audioSource: s.audioSource,
      audioTrackId: s.audioTrackId,
      speech: s.speech,
      tracks: s.tracks,
      voices: s.voices,
      presets: s.presets,
      issues: s.issues,
      attempted: s.attempted,
      sourcesError: s.sourcesError,
      type: s.type,
    })),
  );
  const { setAudioSource, setAudioTrack, setSpeech } = useGenerateStore(
    useShallow((s) => ({ setAudioSource: s.setAudioSource, setAudioTrack: s.setAudioTrack, setSpeech: s.setSpeech })),
  );
  const source = !allowSpeech && state.audioSource === 'speech' ? 'track' : state.audioSource;
  const show = (issue: string | undefined) => (issue && (state.attempted || !/^(Choose|Write)/.test(issue)) ? issue : null);

  return (
    <div className="audio-source option-wide">
      <SegmentedControl
        label="Audio"
        name="audio-source"
        value={source}
        segments={allowSpeech ? SOURCES_TALK : SOURCES_LIPSYNC}
        onChange={setAudioSource}
      />
      <InlineError error={state.sourcesError} />
      {source === 'speech' ? (
        <>
          <Field label="Voice" error={show(state.issues.voice)} required>
            {(control) => (
              <select
                {...control}
                className="input select"
                value={state.speech.voiceId}
                onChange={(e) => setSpeech({ voiceId: e.target.value })}
                data-field="voice"
              >
                <option value="">Choose a voice…</option>
                <VoiceGroup label="Your voices" voices={state.voices} />
                <VoiceGroup label="Presets" voices={state.presets} />
              </select>
            )}
          </Field>
          <LimitedTextArea
            label="Line"
            what="A line"
            hint="The queue makes this speech first, then the clip from it."
            max={LIMITS.audioText.max}
            min={1}
            error={show(state.issues.text)}
            required
            rows={3}
            value={state.speech.text}
            placeholder="Hi! I'm so glad you're here."
            onChange={(text) => setSpeech({ text })}
            data-field="speech-text"
          />
          <Field label="Emotion">
            {(control) => (
              <select
                {...control}
                className="input select"
                value={state.speech.emotion}
                onChange={(e) => setSpeech({ emotion: Emotion.parse(e.target.value) })}
              >
                {Emotion.options.map((emotion) => (
                  <option key={emotion} value={emotion}>
                    {emotion === 'auto' ? 'auto (default)' : emotion}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </>
      ) : source === 'track' ? (
        <Field
          label="Audio track"
          hint={state.tracks.length === 0 ? 'No audio tracks yet: write a line instead, or make speech in Voices.' : undefined}
          error={show(state.issues.audio_url)}
          required
        >
          {(control) => (
            <select
              {...control}
              className="input select"
              value={state.audioTrackId ?? ''}
              onChange={(e) => setAudioTrack(e.target.value || null)}
              data-field="audio-track"
            >
              <option value="">Choose a track…</option>
              {state.tracks.map((track) => (
                <option key={track.id} value={track.id} disabled={track.status !== 'ready'}>
                  {track.name}
                  {track.status !== 'ready' ? ` (${track.status})` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <OptionField optionKey="audio_url" type={state.type} model={undefined} />
      )}
    </div>
  );
}

function VoiceGroup({ label, voices }: { label: string; voices: readonly Voice[] }) {
  if (voices.length === 0) return null;
  return (
    <optgroup label={label}>
      {voices.map((voice) => (
        <option key={voice.id} value={voice.id} disabled={voice.status !== 'ready'}>
          {voice.name}
          {voice.status !== 'ready' ? ` (${voice.status})` : ''}
        </option>
      ))}
    </optgroup>
  );
}
