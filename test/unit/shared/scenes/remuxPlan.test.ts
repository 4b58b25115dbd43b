import { describe, expect, it } from 'vitest';
import { planRemux, type ClipFacts } from '../../../../shared/scenes/remuxPlan.ts';

const talk: ClipFacts = {
  video: { codec: 'avc1.64001f', config: '0164001f', width: 1280, height: 720 },
  audio: { codec: 'mp4a.40.2', config: '1190', sampleRate: 48_000, channels: 2 },
};

describe('the remux plan', () => {
  it('copies packets when every clip shares one set of codec settings', () => {
    expect(planRemux([talk, talk, { ...talk }])).toEqual({ remux: true });
  });

  it('re-encodes for an audio-only line, naming the clip', () => {
    expect(planRemux([talk, { video: null, audio: talk.audio }])).toEqual({ remux: false, reason: 'it has no picture', clip: 1 });
  });

  it('re-encodes for another picture size, codec or decoder configuration', () => {
    const video = talk.video!;
    expect(planRemux([talk, { ...talk, video: { ...video, width: 720 } }])).toMatchObject({ remux: false, clip: 1 });
    expect(planRemux([talk, { ...talk, video: { ...video, codec: 'avc1.640028' } }])).toMatchObject({ remux: false });
    expect(planRemux([talk, { ...talk, video: { ...video, config: '0164001e' } }])).toMatchObject({ remux: false });
  });

  it('re-encodes for another sample rate or channel count', () => {
    const audio = talk.audio!;
    expect(planRemux([talk, { ...talk, audio: { ...audio, sampleRate: 44_100 } }])).toMatchObject({ remux: false, clip: 1 });
    expect(planRemux([talk, { ...talk, audio: { ...audio, channels: 1 } }])).toMatchObject({ remux: false, clip: 1 });
  });

  it('re-encodes a clip with no sound', () => {
    expect(planRemux([{ ...talk, audio: null }])).toEqual({ remux: false, reason: 'it has no sound', clip: 0 });
  });
});
