import { create } from 'zustand';
import type { AppError, CommandOutput } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';

export type HostSession = CommandOutput<'shell.listSessions'>[number];

interface HostSessionsState {
  sessions: HostSession[] | null;
  /** The session being ended. */
  ending: string | null;
  /** Worded when shown (`useDescribeError`), in the language shown then. */
  error: AppError | null;
  load: () => Promise<void>;
  end: (id: string) => Promise<void>;
  reset: () => void;
}

const initial = { sessions: null, ending: null, error: null };

/** Settings → Browser sessions: the browser host's sessions (pages opened from its links), and ending one. */
export const useHostSessionsStore = create<HostSessionsState>()((set, get) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('shell.listSessions', {});
    if (reply.ok) set({ sessions: reply.value, error: null });
    else set({ error: reply.error });
  },
  end: async (id) => {
    const current = get().sessions?.find((session) => session.id === id)?.current ?? false;
    set({ ending: id, error: null });
    const reply = await invoke('shell.endSession', { id });
    set({ ending: null });
    // This tab's own session: the host closes the page's link before it answers, and the page says
    // the session ended; there is no list to ask for any more.
    if (current) return;
    if (reply.ok) await get().load();
    else set({ error: reply.error });
  },
  reset: () => set(initial),
}));
