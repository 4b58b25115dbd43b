import { constants, getPriority, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of core's process, so the shell (windows, IPC, pages) gets the
 * processor first when both want it: core's work (a sync, downloads, a large query) can wait a
 * few milliseconds, a window cannot. Best effort: a refused call leaves core at normal priority
 * and says why.
 */
export function lowerCorePriority(): string | null {
  try {
    // Niceness only rises here: a shell already started below normal keeps its own setting.
    if (getPriority(0) >= constants.priority.PRIORITY_BELOW_NORMAL) return null;
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
