/**
 * Timelines for editing software, referencing the exported line clips by file URL: FCPXML 1.10
 * (Final Cut Pro, DaVinci Resolve, Premiere through its importer) and OpenTimelineIO JSON. Times
 * are whole frames of the scene's frame rate, each clip placed where the previous one ends.
 */

export type TimelineClip = {
  name: string;
  /** `file:` URL of the exported clip. */
  url: string;
  durationMs: number;
  hasVideo: boolean;
};

export type Timeline = {
  title: string;
  width: number;
  height: number;
  frameRate: number;
  clips: readonly TimelineClip[];
};

/** The frame rate as a fraction: NTSC rates as 1001ths, anything else rounded to whole frames. */
export function frameRateOf(rate: number): { frames: number; per: number } {
  for (const base of [24, 30, 60]) {
    if (Math.abs(rate - (base * 1000) / 1001) < 0.01) return { frames: base * 1000, per: 1001 };
  }
  return { frames: Math.max(1, Math.round(rate)), per: 1 };
}

function framesOf(ms: number, rate: { frames: number; per: number }): number {
  return Math.max(1, Math.round((ms * rate.frames) / (1000 * rate.per)));
}

export function toFcpxml(timeline: Timeline): string {
  const rate = frameRateOf(timeline.frameRate);
  const time = (frames: number) => (frames === 0 ? '0s' : `${frames * rate.per}/${rate.frames}s`);
  const frames = timeline.clips.map((clip) => framesOf(clip.durationMs, rate));
  const total = frames.reduce((sum, each) => sum + each, 0);
  const assets = timeline.clips.map((clip, index) => {
    const video = clip.hasVideo ? ` hasVideo="1" format="r1" videoSources="1"` : ' hasVideo="0"';
    return [
      `    <asset id="r${index + 2}" name="${xml(clip.name)}" start="0s" duration="${time(frames[index] ?? 0)}"${video} hasAudio="1" audioSources="1" audioChannels="2">`,
      `      <media-rep kind="original-media" src="${xml(clip.url)}"/>`,
      '    </asset>',
    ].join('\n');
  });
  let offset = 0;
  const spine = timeline.clips.map((clip, index) => {
    const length = frames[index] ?? 0;
    const at = time(offset);
    offset += length;
    const ref = `ref="r${index + 2}" name="${xml(clip.name)}" duration="${time(length)}" start="0s"`;
    if (clip.hasVideo) return `            <asset-clip ${ref} offset="${at}" format="r1" tcFormat="NDF"/>`;
    // An audio-only clip rides on a gap in the primary storyline, as editors place narration. The gap
    // has no name: the editor calls it what it calls gaps, in its own language.
    return [
      `            <gap offset="${at}" duration="${time(length)}" start="0s">`,
      `              <asset-clip ${ref} offset="0s" lane="-1"/>`,
      '            </gap>',
    ].join('\n');
  });
  const title = xml(timeline.title);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.10">',
    '  <resources>',
    `    <format id="r1" frameDuration="${time(1)}" width="${timeline.width}" height="${timeline.height}"/>`,
    ...assets,
    '  </resources>',
    '  <library>',
    `    <event name="${title}">`,
    `      <project name="${title}">`,
    `        <sequence format="r1" duration="${time(total)}" tcStart="0s" tcFormat="NDF" audioLayout="stereo" audioRate="48k">`,
    '          <spine>',
    ...spine,
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}

/** OpenTimelineIO's JSON (schema Timeline.1): one video track (gaps under narration) and one audio track. */
export function toOtio(timeline: Timeline): string {
  const rate = timeline.frameRate;
  const rational = (value: number) => ({ OTIO_SCHEMA: 'RationalTime.1', rate, value });
  const range = (frames: number) => ({ OTIO_SCHEMA: 'TimeRange.1', start_time: rational(0), duration: rational(frames) });
  const rateFraction = frameRateOf(rate);
  const frames = timeline.clips.map((clip) => framesOf(clip.durationMs, rateFraction));
  const clip = (each: TimelineClip, index: number) => ({
    OTIO_SCHEMA: 'Clip.2',
    name: each.name,
    source_range: range(frames[index] ?? 0),
    media_references: {
      DEFAULT_MEDIA: { OTIO_SCHEMA: 'ExternalReference.1', target_url: each.url, available_range: range(frames[index] ?? 0) },
    },
    active_media_reference_key: 'DEFAULT_MEDIA',
  });
  const gap = (index: number) => ({ OTIO_SCHEMA: 'Gap.1', name: '', source_range: range(frames[index] ?? 0) });
  // `kind` is the schema's code; the tracks have no name, so the editor names them in its own language.
  const track = (kind: 'Video' | 'Audio', children: unknown[]) => ({ OTIO_SCHEMA: 'Track.1', name: '', kind, children });
  const document = {
    OTIO_SCHEMA: 'Timeline.1',
    name: timeline.title,
    global_start_time: rational(0),
    tracks: {
      OTIO_SCHEMA: 'Stack.1',
      name: 'tracks',
      children: [
        track(
          'Video',
          timeline.clips.map((each, index) => (each.hasVideo ? clip(each, index) : gap(index))),
        ),
        track('Audio', timeline.clips.map(clip)),
      ],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
