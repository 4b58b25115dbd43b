import { currentFormats } from '../../i18n/currentLocale.ts';

/** What a key does in the media player (pure, so the mapping is tested without a browser). */
export type PlayerAction =
  | { type: 'toggle' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'frame'; direction: 1 | -1 }
  | { type: 'speed'; direction: 1 | -1 }
  | { type: 'mute' }
  | { type: 'fullscreen' };

/** ← and → move this far, as in most web players. */
export const SEEK_STEP_SECONDS = 5;
/** Frame step without a known frame rate: the service's videos are 24 fps. */
export const DEFAULT_FPS = 24;
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Space or K play and pause, ← → seek, , and . step one frame (video), < and > change the speed,
 * M mutes, F goes full screen (video). Anything else is left to the page.
 */
export function actionForKey(key: string, video: boolean): PlayerAction | null {
  switch (key) {
    case ' ':
    case 'k':
      return { type: 'toggle' };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: SEEK_STEP_SECONDS };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -SEEK_STEP_SECONDS };
    case '.':
      return video ? { type: 'frame', direction: 1 } : null;
    case ',':
      return video ? { type: 'frame', direction: -1 } : null;
    case '>':
      return { type: 'speed', direction: 1 };
    case '<':
      return { type: 'speed', direction: -1 };
    case 'm':
      return { type: 'mute' };
    case 'f':
      return video ? { type: 'fullscreen' } : null;
    default:
      return null;
  }
}

/** The time one frame away from `time`, kept inside the media. */
export function frameStepTime(time: number, duration: number, direction: 1 | -1, fps = DEFAULT_FPS): number {
  const next = time + direction / fps;
  return Math.min(Math.max(next, 0), Number.isFinite(duration) && duration > 0 ? duration : next);
}

/** The next speed up or down the ladder from `rate` (a rate off the ladder snaps to its neighbour). */
export function nextSpeed(rate: number, direction: 1 | -1): number {
  const fastest = SPEEDS[SPEEDS.length - 1] as number;
  if (direction > 0) return SPEEDS.find((speed) => speed > rate) ?? fastest;
  return [...SPEEDS].reverse().find((speed) => speed < rate) ?? SPEEDS[0];
}

/**
 * m:ss (or h:mm:ss) of a position in the studio's digits, floored: a player shows where it is, not
 * where it rounds to.
 */
export function clock(seconds: number): string {
  return currentFormats().duration(Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);
}
