import { describe, expect, it } from 'vitest';
import { audioIntent, generationIntent } from '../../../../../electron/core/jobs/jobKinds.ts';
import type { Enqueue } from '../../../../../electron/core/jobs/jobQueue.ts';
import { addSpeechTalkChain, SPEECH_INTO_TALK } from '../../../../../electron/core/jobs/speechTalkChain.ts';

const CHARACTER = '11111111-1111-4111-8111-111111111111';
const VOICE = '33333333-3333-4333-8333-333333333333';
const speech: Enqueue = { ...audioIntent({ voice_id: VOICE, text: 'Hello there.' }), quoteId: 'q-speech', quotedCredits: 3 };
const talk = { draft: generationIntent({ character_id: CHARACTER, type: 'talk', prompt: 'Hello there.' }), quotedCredits: 12 };

describe('a speech then talk chain', () => {
  it('puts the speech, then the clip that waits for it and speaks its audio, quoted again when it goes', () => {
    const batch: Enqueue[] = [{ ...speech, quoteId: 'q-other' }];
    const places = addSpeechTalkChain(batch, { speech, talk, batchId: 'scene-1' });
    expect(places).toEqual({ speechAt: 1, talkAt: 2 });
    expect(batch[1]).toEqual({ ...speech, batchId: 'scene-1' });
    expect(batch[2]).toEqual({
      ...talk.draft,
      quoteId: null,
      quotedCredits: 12,
      dependsOn: { index: 1 },
      dependency: SPEECH_INTO_TALK,
      batchId: 'scene-1',
    });
    expect(SPEECH_INTO_TALK).toEqual({ into: 'options.audio_url', from: 'audio_url', requote: true });
  });

  it('sends only a new clip after a speech made already, never the speech again', () => {
    const batch: Enqueue[] = [];
    expect(addSpeechTalkChain(batch, { speech: { jobId: 'made-speech' }, talk })).toEqual({ speechAt: null, talkAt: 0 });
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ kind: 'generation.create', dependsOn: { jobId: 'made-speech' }, quoteId: null });
    expect(batch[0]).not.toHaveProperty('batchId');
  });

  it('is the speech alone for a line with no picture', () => {
    const batch: Enqueue[] = [];
    expect(addSpeechTalkChain(batch, { speech, talk: null })).toEqual({ speechAt: 0, talkAt: null });
    expect(batch).toEqual([speech]);
  });
});
