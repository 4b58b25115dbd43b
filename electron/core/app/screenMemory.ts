import { SCREENS, type Screen } from '../../../shared/ipc/screens.ts';
import type { Preferences } from '../preferences/preferences.ts';

const KEY = 'lastScreen';

/** A hand-edited or older file may hold anything: only a screen this version has counts, and never settings. */
function keptScreen(stored: unknown): Screen | null {
  return SCREENS.find((screen) => screen === stored && screen !== 'settings') ?? null;
}

function startScreenOf(kept: Screen | null): Screen | null {
  return kept === 'studio' ? null : kept;
}

/** The screen a page opens on, from the preferences' values as they were when this run began (see ScreenMemory). */
export function startScreenIn(preferences: Record<string, unknown> | null): Screen | null {
  return startScreenOf(keptScreen(preferences?.[KEY] ?? null));
}

/**
 * Which screen the app was on, kept for its next run: a creator who works in the gallery finds
 * the gallery when the app opens again. Settings is a place to visit and leave, so it is not kept
 * (the screen before it is). What a page opens on is the screen kept when this run began, the
 * same for every page of the run: a second window, or the same one loaded again, does not jump
 * to wherever another was last.
 */
export class ScreenMemory {
  private readonly prefs: Preferences;
  private readonly atStart: Screen | null;
  private kept: Screen | null;

  constructor(prefs: Preferences) {
    this.prefs = prefs;
    this.kept = keptScreen(prefs.get<unknown>(KEY, null));
    this.atStart = startScreenOf(this.kept);
  }

  /** The screen a page opens on; null for the cast (the studio), which is where a first run opens. */
  startScreen(): Screen | null {
    return this.atStart;
  }

  shown(screen: Screen): void {
    if (screen === 'settings' || screen === this.kept) return;
    this.kept = screen;
    this.prefs.set(KEY, screen);
  }
}
