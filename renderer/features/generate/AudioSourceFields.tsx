import { useShallow } from 'zustand/react/shallow';
import type { Voice } from '../../../shared/api/index.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { EMOTIONS as EMOTION_VALUES, isEmotion } from '../../../shared/api/voiceOptions.ts';
import { Field, Select, type SelectOption } from '../../ui/Field.tsx';
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
              <Select
                {...control}
                value={state.speech.voiceId}
                onChange={(e) => setSpeech({ voiceId: e.target.value })}
                placeholder="Choose a voice…"
                options={[...voiceOptions('Your voices', state.voices), ...voiceOptions('Presets', state.presets)]}
                data-field="voice"
              />
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
              <Select
                {...control}
                value={state.speech.emotion}
                onChange={(e) => {
                  if (isEmotion(e.target.value)) setSpeech({ emotion: e.target.value });
                }}
                options={EMOTIONS}
              />
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
            <Select
              {...control}
              value={state.audioTrackId ?? ''}
              onChange={(e) => setAudioTrack(e.target.value || null)}
              placeholder="Choose a track…"
              options={state.tracks.map((track) => ({
                value: track.id,
                label: `${track.name}${track.status !== 'ready' ? ` (${track.status})` : ''}`,
                disabled: track.status !== 'ready',
              }))}
              data-field="audio-track"
            />
          )}
        </Field>
      ) : (
        <OptionField optionKey="audio_url" type={state.type} model={undefined} />
      )}
    </div>
  );
}

const EMOTIONS: readonly SelectOption[] = EMOTION_VALUES.map((emotion) => ({
  value: emotion,
  label: emotion === 'auto' ? 'auto (default)' : emotion,
}));

/** Voices as options under a group heading; a voice not ready yet is shown but cannot be chosen. */
function voiceOptions(group: string, voices: readonly Voice[]): SelectOption[] {
  return voices.map((voice) => ({
    value: voice.id,
    label: `${voice.name}${voice.status !== 'ready' ? ` (${voice.status})` : ''}`,
    disabled: voice.status !== 'ready',
    group,
  }));
}
