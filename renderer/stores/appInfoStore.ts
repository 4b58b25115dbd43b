import { create } from 'zustand';
import type { AppError, CommandOutput, Reply } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';

export type AppInfo = CommandOutput<'app.info'>;

type AppInfoState = {
  info: AppInfo | null;
  error: AppError | null;
  /**
   * Asks the host about itself. `prepare` runs on the answer before the page counts as ready (and
   * so before the app's frame first renders).
   */
  load: (prepare?: (info: AppInfo) => Promise<void>) => Promise<void>;
  reset: () => void;
};

const initial = { info: null, error: null };

/** `app.info` asked before the app's first render (askAppInfoEarly), until `load` takes it. */
let early: Promise<Reply<AppInfo>> | null = null;

/**
 * Asks the host about itself at once, as the page's code starts: the bridge's connection (the
 * launch exchange, the socket) and the answer are on their way while React renders the loading
 * screen, instead of after it. The store's first `load` takes this answer.
 */
export function askAppInfoEarly(): void {
  early ??= invoke('app.info', {});
}

/** What the host told us about itself: version, platform and where media are served from. */
export const useAppInfoStore = create<AppInfoState>()((set) => ({
  ...initial,
  load: async (prepare) => {
    // An ask lost to core's end is asked once more: the shell holds it until core runs again (or
    // answers that core was given up, which the loading screen shows with what to do).
    const asked = early;
    early = null;
    let reply = await (asked ?? invoke('app.info', {}));
    if (!reply.ok && reply.error.code === 'core_restarted') reply = await invoke('app.info', {});
    if (reply.ok) {
      await prepare?.(reply.value);
      set({ info: reply.value, error: null });
    } else set({ error: reply.error });
  },
  reset: () => set(initial),
}));

/** The URL of a library file by its content id, or null when there is none (yet). */
export function mediaUrl(mediaBase: string | undefined, mediaId: string | null | undefined): string | null {
  if (!mediaBase || !mediaId) return null;
  return `${mediaBase}${mediaId}`;
}
