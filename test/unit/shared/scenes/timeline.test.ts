import { describe, expect, it } from 'vitest';
import { frameRateOf, toFcpxml, toOtio, type Timeline } from '../../../../shared/scenes/timeline.ts';

const timeline: Timeline = {
  title: 'Rain & "Thunder"',
  width: 1280,
  height: 720,
  frameRate: 25,
  clips: [
    { name: '01 Ada', url: 'file:///home/me/Videos/Rain/01%20Ada.mp4', durationMs: 2000, hasVideo: true },
    { name: '02 Narrator', url: 'file:///home/me/Videos/Rain/02%20Narrator.wav', durationMs: 1520, hasVideo: false },
  ],
};

describe('scene timelines', () => {
  it('writes FCPXML 1.10 with the clips by file URL, in whole frames, narration on a gap', () => {
    expect(toFcpxml(timeline)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE fcpxml>
<fcpxml version="1.10">
  <resources>
    <format id="r1" frameDuration="1/25s" width="1280" height="720"/>
    <asset id="r2" name="01 Ada" start="0s" duration="50/25s" hasVideo="1" format="r1" videoSources="1" hasAudio="1" audioSources="1" audioChannels="2">
      <media-rep kind="original-media" src="file:///home/me/Videos/Rain/01%20Ada.mp4"/>
    </asset>
    <asset id="r3" name="02 Narrator" start="0s" duration="38/25s" hasVideo="0" hasAudio="1" audioSources="1" audioChannels="2">
      <media-rep kind="original-media" src="file:///home/me/Videos/Rain/02%20Narrator.wav"/>
    </asset>
  </resources>
  <library>
    <event name="Rain &amp; &quot;Thunder&quot;">
      <project name="Rain &amp; &quot;Thunder&quot;">
        <sequence format="r1" duration="88/25s" tcStart="0s" tcFormat="NDF" audioLayout="stereo" audioRate="48k">
          <spine>
            <asset-clip ref="r2" name="01 Ada" duration="50/25s" start="0s" offset="0s" format="r1" tcFormat="NDF"/>
            <gap offset="50/25s" duration="38/25s" start="0s">
              <asset-clip ref="r3" name="02 Narrator" duration="38/25s" start="0s" offset="0s" lane="-1"/>
            </gap>
          </spine>
        </sequence>
      </project>
    </event>
  </library>
</fcpxml>
`);
  });

  it('writes NTSC rates as 1001ths of a second', () => {
    expect(frameRateOf(29.97)).toEqual({ frames: 30_000, per: 1001 });
    expect(frameRateOf(24.02)).toEqual({ frames: 24, per: 1 });
    expect(toFcpxml({ ...timeline, frameRate: 30_000 / 1001 })).toContain('frameDuration="1001/30000s"');
  });

  it('writes OpenTimelineIO with a gap under narration and every clip on the audio track', () => {
    const otio = JSON.parse(toOtio(timeline)) as {
      OTIO_SCHEMA: string;
      tracks: {
        children: { name: string; kind: string; children: { OTIO_SCHEMA: string; source_range: { duration: { value: number } } }[] }[];
      };
    };
    expect(otio.OTIO_SCHEMA).toBe('Timeline.1');
    const [video, audio] = otio.tracks.children;
    expect(video?.children.map((child) => [child.OTIO_SCHEMA, child.source_range.duration.value])).toEqual([
      ['Clip.2', 50],
      ['Gap.1', 38],
    ]);
    expect(audio?.children.map((child) => child.OTIO_SCHEMA)).toEqual(['Clip.2', 'Clip.2']);
    // No English track names: the editor names the tracks in its own language.
    expect(otio.tracks.children.map((track) => [track.name, track.kind])).toEqual([
      ['', 'Video'],
      ['', 'Audio'],
    ]);
  });
});
