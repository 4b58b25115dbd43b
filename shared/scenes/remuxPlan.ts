/**
 * Whether a scene's clips can be joined by copying their packets (no re-encoding): every clip has
 * a picture and a sound, and all share one set of codec settings, so one MP4 track description
 * (codec string, decoder configuration, picture size, sample rate, channels) fits them all.
 */

export type ClipFacts = {
  video: { codec: string; config: string; width: number; height: number } | null;
  audio: { codec: string; config: string; sampleRate: number; channels: number } | null;
};

export type RemuxPlan = { remux: true } | { remux: false; reason: string; clip: number };

export function planRemux(clips: readonly ClipFacts[]): RemuxPlan {
  const first = clips[0];
  if (!first) return { remux: false, reason: 'there are no clips', clip: 0 };
  for (const [index, clip] of clips.entries()) {
    if (!clip.video) return { remux: false, reason: 'it has no picture', clip: index };
    if (!clip.audio) return { remux: false, reason: 'it has no sound', clip: index };
    const reason = differenceFrom(first, clip);
    if (reason) return { remux: false, reason, clip: index };
  }
  return { remux: true };
}

function differenceFrom(first: ClipFacts, clip: ClipFacts): string | null {
  const [a, b] = [first.video, clip.video];
  const [x, y] = [first.audio, clip.audio];
  if (!a || !b || !x || !y) return null;
  if (a.codec !== b.codec || a.config !== b.config) return 'its video is encoded differently';
  if (a.width !== b.width || a.height !== b.height) return 'its picture has another size';
  if (x.codec !== y.codec || x.config !== y.config) return 'its audio is encoded differently';
  if (x.sampleRate !== y.sampleRate || x.channels !== y.channels) return 'its audio has another sample rate or channel count';
  return null;
}
