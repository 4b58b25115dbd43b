import { SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { Scene, SceneLine } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import {
  actionForKey,
  FullscreenButton,
  MediaScrubSlider,
  MediaTime,
  PlayPauseButton,
  useFullscreen,
  VolumeControl,
} from '../../ui/MediaPlayer/index.ts';
import { TimeLeftToRight } from '../../ui/TimeLeftToRight.tsx';

const ASPECTS: Record<Scene['aspect'], string> = { '16:9': '16 / 9', '9:16': '9 / 16', '1:1': '1 / 1' };

/** Where each playable line starts in the scene, in seconds, and the scene's length. */
function timeline(playable: readonly SceneLine[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const line of playable) {
    starts.push(total);
    total += (line.durationMs ?? 0) / 1000;
  }
  return { starts, total };
}

/** The line playing at `seconds` into the scene, and how far into it. */
function lineAt(starts: readonly number[], seconds: number): { index: number; offset: number } {
  let index = 0;
  while (index + 1 < starts.length && (starts[index + 1] ?? Infinity) <= seconds) index++;
  return { index, offset: Math.max(0, seconds - (starts[index] ?? 0)) };
}

/**
 * Plays a scene's finished lines in order without a visible gap: two stacked media elements, the
 * one on screen playing while the other already holds the next clip; at `ended` they swap, and the
 * one behind loads the clip after. The controls are the media player's, over the whole scene; the
 * script beside it follows the line being spoken.
 */
export function ScenePlayer({ scene }: { scene: Scene }) {
  const intl = useIntl();
  const playable = useMemo(() => scene.lines.filter((line) => line.state === 'done' && line.mediaId), [scene.lines]);
  const { starts, total } = useMemo(() => timeline(playable), [playable]);
  const [playing, setPlaying] = useState(false);
  const [elapsedInLine, setElapsedInLine] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(frame);
  const { first, second, mediaIn, at, activeSlot, lineIn, setCurrent, startLine } = useSceneSlots(playable, playing, setPlaying);
  const sound = useSceneSound(first, second, playable.length);

  if (playable.length === 0) {
    return (
      <EmptyState title={intl.formatMessage({ id: 'scenes.player.empty.title' })}>
        {intl.formatMessage({ id: 'scenes.player.empty.body' })}
      </EmptyState>
    );
  }

  /** Goes to `offset` seconds into line `index`, playing on if it was playing (or if `play`). */
  const go = (index: number, offset: number, play = playing) => {
    const active = mediaIn(activeSlot);
    setElapsedInLine(offset);
    if (index === at) {
      if (!active) return;
      active.currentTime = offset;
      if (play)
        void active.play().then(
          () => setPlaying(true),
          () => setPlaying(false),
        );
      return;
    }
    active?.pause();
    setPlaying(play);
    startLine(index, offset);
  };

  const playLine = (index: number) => go(index, 0, true);
  const seekTo = (seconds: number) => {
    const target = lineAt(starts, Math.min(Math.max(seconds, 0), total));
    go(target.index, target.offset);
  };

  const onEnded = (slot: 0 | 1) => {
    if (slot !== activeSlot) return;
    const next = at + 1;
    if (next >= playable.length) {
      setPlaying(false);
      return;
    }
    // The next clip is loaded already in the other element: it starts now, before React redraws.
    const other = mediaIn((1 - slot) as 0 | 1);
    if (other) {
      other.currentTime = 0;
      void other.play().catch(() => setPlaying(false));
    }
    setElapsedInLine(0);
    setCurrent(next);
  };

  const toggle = () => {
    const element = mediaIn(activeSlot);
    if (!element) return;
    if (!element.paused) {
      element.pause();
      setPlaying(false);
    } else if (element.ended && at === playable.length - 1) playLine(0);
    else
      void element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
  };

  const elapsed = (starts[at] ?? 0) + elapsedInLine;
  const shown = playable[at];
  const title = scene.title || intl.formatMessage({ id: 'scenes.untitled' });

  const onKeyDown = sceneKeys({
    toggle,
    seekBy: (seconds) => seekTo(elapsed + seconds),
    toggleMute: () => sound.setMuted(!sound.muted),
    toggleFullscreen,
  });

  return (
    <div className="scene-player-layout" data-playing-line-id={shown?.id} data-player-state={playing ? 'playing' : 'paused'}>
      <div
        className="scene-player"
        ref={frame}
        role="group"
        aria-label={intl.formatMessage({ id: 'scenes.player.label' }, { title })}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div className="scene-player-stage" style={{ aspectRatio: ASPECTS[scene.aspect] }}>
          {([0, 1] as const).map((slot) => (
            <SceneSlot
              key={slot}
              slot={slot}
              line={lineIn(slot)}
              active={slot === activeSlot}
              media={slot === 0 ? first : second}
              onToggle={toggle}
              onEnded={() => onEnded(slot)}
              onTime={setElapsedInLine}
              onPlay={() => setPlaying(true)}
            />
          ))}
          {shown ? <StageWords line={shown} /> : null}
        </div>
        <SceneControls
          title={title}
          time={elapsed}
          duration={total}
          playing={playing}
          onToggle={toggle}
          onSeek={seekTo}
          skips={<LineSkips at={at} count={playable.length} onPlayLine={playLine} />}
          sound={sound}
          fullscreen={fullscreen}
          onToggleFullscreen={toggleFullscreen}
        />
      </div>
      <SceneScript scene={scene} playable={playable} at={at} onSeek={playLine} />
    </div>
  );
}

/**
 * The two stacked media elements and which line each holds: the line at `at` in the active one, the
 * next in the other. A seek to another line starts its clip from the offset it asked for.
 */
function useSceneSlots(playable: readonly SceneLine[], playing: boolean, setPlaying: (playing: boolean) => void) {
  const [current, setCurrent] = useState(0);
  const first = useRef<HTMLVideoElement>(null);
  const second = useRef<HTMLVideoElement>(null);
  const mediaIn = (slot: 0 | 1): HTMLVideoElement | null => (slot === 0 ? first.current : second.current);
  /** Set when a seek asks the clip of the new line to start from there (seconds into it). */
  const startAt = useRef<number | null>(null);

  const at = Math.min(current, Math.max(0, playable.length - 1));
  const lineIn = (slot: 0 | 1): SceneLine | undefined => (slot === at % 2 ? playable[at] : playable[at + 1]);
  const activeSlot = (at % 2) as 0 | 1;

  useEffect(() => {
    const offset = startAt.current;
    if (offset === null) return;
    startAt.current = null;
    const element = mediaIn(activeSlot);
    if (!element) return;
    element.currentTime = offset;
    if (playing) void element.play().catch(() => setPlaying(false));
    // Only a new line to start from matters here; `playing` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, activeSlot]);

  /** Moves to line `index`, its clip to start `offset` seconds in. */
  const startLine = (index: number, offset: number) => {
    startAt.current = offset;
    setCurrent(index);
  };

  return { first, second, mediaIn, at, activeSlot, lineIn, setCurrent, startLine };
}

/** The volume and mute of both media elements, kept alike as they swap. */
function useSceneSound(first: RefObject<HTMLVideoElement | null>, second: RefObject<HTMLVideoElement | null>, lines: number) {
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    for (const element of [first.current, second.current]) {
      if (!element) continue;
      element.volume = volume;
      element.muted = muted;
    }
  }, [first, second, volume, muted, lines]);

  const changeVolume = (next: number) => {
    setVolume(next);
    setMuted(next === 0);
  };
  return { volume, muted, setMuted, changeVolume };
}

/** The media player's keys (playerKeys.ts), over the whole scene: ← and → cross from line to line. */
function sceneKeys(actions: {
  toggle: () => void;
  seekBy: (seconds: number) => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
}) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || (event.key === ' ' && target.tagName === 'BUTTON')) return;
    const action = actionForKey(event.key, true);
    if (action?.type === 'toggle') actions.toggle();
    else if (action?.type === 'seekBy') actions.seekBy(action.seconds);
    else if (action?.type === 'mute') actions.toggleMute();
    else if (action?.type === 'fullscreen') actions.toggleFullscreen();
    else return;
    event.preventDefault();
  };
}

/** Over the picture: a narrator's tag (a narrator has no picture of its own) and the line's words as a caption. */
function StageWords({ line }: { line: SceneLine }) {
  const intl = useIntl();
  return (
    <>
      {line.kind === 'speech' ? (
        <div className="scene-player-narrator" aria-hidden="true">
          {intl.formatMessage({ id: 'scenes.player.narrator' })}
        </div>
      ) : null}
      <p className="scene-player-caption" dir="auto">
        {line.text}
      </p>
    </>
  );
}

/**
 * The media player's controls over the whole scene. Time runs left to right in every language: the
 * tracks, the clock and the line skips keep that order in Arabic too (TimeLeftToRight, scenes.css).
 */
function SceneControls({
  title,
  time,
  duration,
  playing,
  onToggle,
  onSeek,
  skips,
  sound,
  fullscreen,
  onToggleFullscreen,
}: {
  title: string;
  time: number;
  duration: number;
  playing: boolean;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  skips: ReactNode;
  sound: ReturnType<typeof useSceneSound>;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
}) {
  return (
    <TimeLeftToRight>
      <div className="media-controls scene-player-controls">
        <MediaScrubSlider label={title} time={time} duration={duration} onSeek={onSeek} />
        <div className="media-controls-row">
          <PlayPauseButton playing={playing} label={title} onToggle={onToggle} data-action="play-scene" />
          <MediaTime time={time} duration={duration} />
          {skips}
          <span className="media-controls-spacer" />
          <VolumeControl
            volume={sound.volume}
            muted={sound.muted}
            onChange={sound.changeVolume}
            onToggleMute={() => sound.setMuted(!sound.muted)}
          />
          <FullscreenButton fullscreen={fullscreen} onToggle={onToggleFullscreen} />
        </div>
      </div>
    </TimeLeftToRight>
  );
}

/** One of the two stacked media elements: the active one is on screen and reports its time. */
function SceneSlot({
  slot,
  line,
  active,
  media,
  onToggle,
  onEnded,
  onTime,
  onPlay,
}: {
  slot: 0 | 1;
  line: SceneLine | undefined;
  active: boolean;
  media: RefObject<HTMLVideoElement | null>;
  onToggle: () => void;
  onEnded: () => void;
  onTime: (seconds: number) => void;
  onPlay: () => void;
}) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const src = line ? mediaUrl(mediaBase, line.mediaId) : null;
  return (
    <video
      ref={media}
      className={`scene-player-media${active ? ' scene-player-media-active' : ''}`}
      src={src ?? undefined}
      preload="auto"
      playsInline
      aria-hidden={active ? undefined : true}
      data-slot={slot}
      data-line-id={line?.id}
      onClick={onToggle}
      onEnded={onEnded}
      onTimeUpdate={(event) => {
        if (active) onTime(event.currentTarget.currentTime);
      }}
      onPlay={() => active && onPlay()}
    />
  );
}

/** The previous and next line buttons. */
function LineSkips({ at, count, onPlayLine }: { at: number; count: number; onPlayLine: (index: number) => void }) {
  const intl = useIntl();
  return (
    <>
      <button
        type="button"
        className="media-button"
        aria-label={intl.formatMessage({ id: 'scenes.player.previous' })}
        disabled={at === 0}
        onClick={() => onPlayLine(at - 1)}
      >
        <SkipBack size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="media-button"
        aria-label={intl.formatMessage({ id: 'scenes.player.next' })}
        disabled={at >= count - 1}
        onClick={() => onPlayLine(at + 1)}
      >
        <SkipForward size={16} aria-hidden="true" />
      </button>
    </>
  );
}

/** The script beside the player: the line being spoken is marked, and a finished line plays from its start when clicked. */
function SceneScript({
  scene,
  playable,
  at,
  onSeek,
}: {
  scene: Scene;
  playable: readonly SceneLine[];
  at: number;
  onSeek: (index: number) => void;
}) {
  const intl = useIntl();
  const byId = useCharactersStore((s) => s.byId);
  const currentId = playable[at]?.id;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);
  return (
    <ol className="scene-script-view" aria-label={intl.formatMessage({ id: 'scenes.player.script' })} ref={list}>
      {scene.lines.map((line, index) => {
        const playIndex = playable.indexOf(line);
        const name = line.kind === 'talk' ? byId[line.characterId ?? '']?.name : undefined;
        const speaker =
          name ??
          intl.formatMessage({
            id: line.kind === 'speech' ? 'scenes.player.narrator' : line.kind === 'clip' ? 'scenes.player.clip' : 'scenes.player.someone',
          });
        const current = line.id === currentId;
        return (
          <li
            key={line.id}
            className={`scene-script-line${current ? ' scene-script-line-current' : ''}`}
            data-line-id={line.id}
            aria-current={current || undefined}
          >
            <button type="button" className="scene-script-button" disabled={playIndex < 0} onClick={() => onSeek(playIndex)}>
              <span className="visually-hidden">{`${intl.formatMessage({ id: 'scenes.player.lineNumber' }, { number: index + 1 })} `}</span>
              <span className="scene-script-speaker">
                <bdi>{speaker}</bdi>
              </span>
              {line.text ? (
                <span className="scene-script-text">
                  <bdi>{line.text}</bdi>
                </span>
              ) : (
                <span className="scene-script-text">
                  {line.kind === 'clip' ? intl.formatMessage({ id: 'scenes.player.clipText' }) : ''}
                </span>
              )}
              {playIndex < 0 ? <span className="scene-script-pending">{intl.formatMessage({ id: 'scenes.player.pending' })}</span> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
