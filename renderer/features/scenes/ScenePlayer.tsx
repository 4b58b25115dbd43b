import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Scene, SceneLine } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDuration } from '../../ui/format.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';

const ASPECTS: Record<Scene['aspect'], string> = { '16:9': '16 / 9', '9:16': '9 / 16', '1:1': '1 / 1' };

/**
 * Plays a scene's finished lines in order without a visible gap: two stacked media elements, the
 * one on screen playing while the other already holds the next clip; at `ended` they swap, and the
 * one behind loads the clip after. The script beside it follows the line being spoken.
 */
export function ScenePlayer({ scene }: { scene: Scene }) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const playable = useMemo(() => scene.lines.filter((line) => line.state === 'done' && line.mediaId), [scene.lines]);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [elapsedInLine, setElapsedInLine] = useState(0);
  const first = useRef<HTMLVideoElement>(null);
  const second = useRef<HTMLVideoElement>(null);
  const mediaIn = (slot: 0 | 1): HTMLVideoElement | null => (slot === 0 ? first.current : second.current);
  /** Set when a click on a line (or a skip) asks the clip there to start from its beginning. */
  const restart = useRef(false);

  const at = Math.min(current, Math.max(0, playable.length - 1));
  const lineIn = (slot: 0 | 1): SceneLine | undefined => (slot === at % 2 ? playable[at] : playable[at + 1]);
  const activeSlot = (at % 2) as 0 | 1;

  useEffect(() => {
    if (!restart.current) return;
    restart.current = false;
    const element = mediaIn(activeSlot);
    if (!element) return;
    element.currentTime = 0;
    if (playing) void element.play().catch(() => setPlaying(false));
    // Only a new line to start from matters here; `playing` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, activeSlot]);

  if (playable.length === 0) {
    return (
      <EmptyState title="Nothing to watch yet">
        Render the scene; each line appears here as soon as it is done, in the order of the script.
      </EmptyState>
    );
  }

  const seek = (index: number) => {
    mediaIn(activeSlot)?.pause();
    restart.current = true;
    setElapsedInLine(0);
    if (index === at) {
      const element = mediaIn(activeSlot);
      if (element) {
        element.currentTime = 0;
        void element.play().then(
          () => setPlaying(true),
          () => setPlaying(false),
        );
      }
      restart.current = false;
      return;
    }
    setPlaying(true);
    setCurrent(index);
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
    if (element.paused) {
      if (element.ended && at === playable.length - 1) {
        seek(0);
        return;
      }
      void element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  const totalMs = playable.reduce((sum, line) => sum + (line.durationMs ?? 0), 0);
  const beforeMs = playable.slice(0, at).reduce((sum, line) => sum + (line.durationMs ?? 0), 0);
  const elapsed = beforeMs / 1000 + elapsedInLine;
  const shown = playable[at];

  return (
    <div className="scene-player-layout" data-playing-line-id={shown?.id} data-player-state={playing ? 'playing' : 'paused'}>
      <div className="scene-player">
        <div className="scene-player-stage" style={{ aspectRatio: ASPECTS[scene.aspect] }}>
          {([0, 1] as const).map((slot) => {
            const line = lineIn(slot);
            const src = line ? mediaUrl(mediaBase, line.mediaId) : null;
            return (
              <video
                key={slot}
                ref={slot === 0 ? first : second}
                className={`scene-player-media${slot === activeSlot ? ' scene-player-media-active' : ''}`}
                src={src ?? undefined}
                preload="auto"
                playsInline
                aria-hidden={slot === activeSlot ? undefined : true}
                data-slot={slot}
                data-line-id={line?.id}
                onEnded={() => onEnded(slot)}
                onTimeUpdate={(event) => {
                  if (slot === activeSlot) setElapsedInLine(event.currentTarget.currentTime);
                }}
                onPlay={() => slot === activeSlot && setPlaying(true)}
              />
            );
          })}
          {shown?.kind === 'speech' ? (
            <div className="scene-player-narrator" aria-hidden="true">
              Narrator
            </div>
          ) : null}
          {shown ? <p className="scene-player-caption">{shown.text}</p> : null}
        </div>
        <div className="scene-player-controls">
          <Button
            variant="ghost"
            size="sm"
            icon={<SkipBack size={16} aria-hidden="true" />}
            aria-label="Previous line"
            disabled={at === 0}
            onClick={() => seek(at - 1)}
          />
          <Button
            variant="primary"
            size="sm"
            icon={playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
            onClick={toggle}
            data-action="play-scene"
          >
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={<SkipForward size={16} aria-hidden="true" />}
            aria-label="Next line"
            disabled={at >= playable.length - 1}
            onClick={() => seek(at + 1)}
          />
          <span className="scene-player-time">
            {formatDuration(elapsed)} / {formatDuration(totalMs / 1000)}
          </span>
          <ProgressBar value={totalMs > 0 ? elapsed / (totalMs / 1000) : null} label="Scene played" />
        </div>
      </div>
      <SceneScript scene={scene} playable={playable} at={at} onSeek={seek} />
    </div>
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
  const byId = useCharactersStore((s) => s.byId);
  const currentId = playable[at]?.id;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);
  return (
    <ol className="scene-script-view" aria-label="Script" ref={list}>
      {scene.lines.map((line, index) => {
        const playIndex = playable.indexOf(line);
        const speaker =
          line.kind === 'speech' ? 'Narrator' : line.kind === 'clip' ? 'Clip' : (byId[line.characterId ?? '']?.name ?? 'Someone');
        const current = line.id === currentId;
        return (
          <li
            key={line.id}
            className={`scene-script-line${current ? ' scene-script-line-current' : ''}`}
            data-line-id={line.id}
            aria-current={current || undefined}
          >
            <button type="button" className="scene-script-button" disabled={playIndex < 0} onClick={() => onSeek(playIndex)}>
              <span className="visually-hidden">Line {index + 1}: </span>
              <span className="scene-script-speaker">{speaker}</span>
              <span className="scene-script-text">{line.text || (line.kind === 'clip' ? 'A clip from the gallery' : '')}</span>
              {playIndex < 0 ? <span className="scene-script-pending">not rendered</span> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
