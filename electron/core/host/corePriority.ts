import { constants, getPriority, platform, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the thread that runs core, so the shell's thread (windows,
 * IPC, pages) gets the processor first when both want it: core's work (a sync, downloads, a
 * large query) can wait a few milliseconds, a window cannot. `setPriority(0, …)` acts on the
 * calling thread on Linux and on the whole process elsewhere, so a worker thread (which shares
 * its process with the shell) is lowered on Linux only; a process of its own always is. Best
 * effort: a refused call leaves core at normal priority and says why.
 */
export function lowerCorePriority(where: 'thread' | 'process'): string | null {
  if (where === 'thread' && platform() !== 'linux') return null;
  try {
    // Niceness only rises here: a shell already started below normal keeps its own setting.
    if (getPriority(0) >= constants.priority.PRIORITY_BELOW_NORMAL) return null;
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
