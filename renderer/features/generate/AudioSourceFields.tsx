import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { MessageId } from '../../i18n/catalogs.ts';
import type { Voice } from '../../../shared/api/index.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { EMOTIONS as EMOTION_VALUES, isEmotion } from '../../../shared/api/voiceOptions.ts';
import { Field, Select, type SelectOption } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import type { AudioSource } from './buildGeneration.ts';
import { asksForInput, panelIssueText, type PanelIssue } from './panelIssues.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useGenerateStore } from './generateStore.ts';
import { OptionField } from './OptionField.tsx';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';

const SOURCE_WORDS: Record<AudioSource, MessageId> = {
  speech: 'generate.audio.source.speech',
  track: 'generate.audio.source.track',
  file: 'generate.audio.source.file',
};
const SOURCES_TALK: readonly AudioSource[] = ['speech', 'track', 'file'];
const SOURCES_LIPSYNC: readonly AudioSource[] = ['track', 'file'];

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
  const intl = useIntl();
  const segments = (allowSpeech ? SOURCES_TALK : SOURCES_LIPSYNC).map((value) => ({
    value,
    label: intl.formatMessage({ id: SOURCE_WORDS[value] }),
  }));
  const source = !allowSpeech && state.audioSource === 'speech' ? 'track' : state.audioSource;
  const formats = useFormats();
  const show = (issue: PanelIssue | undefined) =>
    issue && (state.attempted || !asksForInput(issue)) ? panelIssueText(issue, formats) : null;

  return (
    <div className="audio-source option-wide">
      <SegmentedControl
        label={intl.formatMessage({ id: 'generate.audio.label' })}
        name="audio-source"
        value={source}
        segments={segments}
        onChange={setAudioSource}
      />
      <InlineError error={state.sourcesError} />
      {source === 'speech' ? (
        <>
          <Field label={intl.formatMessage({ id: 'generate.audio.voice' })} error={show(state.issues.voice)} required>
            {(control) => (
              <Select
                {...control}
                value={state.speech.voiceId}
                onChange={(e) => setSpeech({ voiceId: e.target.value })}
                placeholder={intl.formatMessage({ id: 'generate.audio.voice.placeholder' })}
                options={[
                  ...voiceOptions(intl.formatMessage({ id: 'generate.audio.voice.own' }), state.voices, intl),
                  ...voiceOptions(intl.formatMessage({ id: 'generate.audio.voice.presets' }), state.presets, intl),
                ]}
                data-field="voice"
              />
            )}
          </Field>
          <LimitedTextArea
            label={intl.formatMessage({ id: 'generate.audio.line' })}
            what={intl.formatMessage({ id: 'generate.audio.line.what' })}
            hint={intl.formatMessage({ id: 'generate.audio.line.hint' })}
            max={LIMITS.audioText.max}
            min={1}
            error={show(state.issues.text)}
            required
            rows={3}
            value={state.speech.text}
            placeholder={intl.formatMessage({ id: 'generate.audio.line.placeholder' })}
            dir="auto"
            onChange={(text) => setSpeech({ text })}
            data-field="speech-text"
          />
          <Field label={intl.formatMessage({ id: 'generate.audio.emotion' })}>
            {(control) => (
              <Select
                {...control}
                value={state.speech.emotion}
                onChange={(e) => {
                  if (isEmotion(e.target.value)) setSpeech({ emotion: e.target.value });
                }}
                options={emotionOptions(intl)}
              />
            )}
          </Field>
        </>
      ) : source === 'track' ? (
        <Field
          label={intl.formatMessage({ id: 'generate.audio.track' })}
          hint={state.tracks.length === 0 ? intl.formatMessage({ id: 'generate.audio.track.none' }) : undefined}
          error={show(state.issues.audio_url)}
          required
        >
          {(control) => (
            <Select
              {...control}
              value={state.audioTrackId ?? ''}
              onChange={(e) => setAudioTrack(e.target.value || null)}
              placeholder={intl.formatMessage({ id: 'generate.audio.track.placeholder' })}
              options={state.tracks.map((track) => ({
                value: track.id,
                label: withStatus(intl, track.name, track.status),
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

/** The emotions a voice can speak with, in the studio's language; the service's own words stay as they are. */
export function emotionOptions(intl: IntlShape): SelectOption[] {
  return EMOTION_VALUES.map((emotion) => ({ value: emotion, label: intl.formatMessage({ id: 'generate.emotion' }, { emotion }) }));
}

/** A name with its state when it is not ready: "Mira (pending)". */
function withStatus(intl: IntlShape, name: string, status: string): string {
  return status === 'ready' ? name : intl.formatMessage({ id: 'generate.withStatus' }, { name, status });
}

/** Voices as options under a group heading; a voice not ready yet is shown but cannot be chosen. */
function voiceOptions(group: string, voices: readonly Voice[], intl: IntlShape): SelectOption[] {
  return voices.map((voice) => ({
    value: voice.id,
    label: withStatus(intl, voice.name, voice.status),
    disabled: voice.status !== 'ready',
    group,
  }));
}
