import { create } from 'zustand';
import type { CommandOutput } from '../../../../shared/ipc/index.ts';
import type { AppError } from '../../../../shared/ipc/index.ts';
import type { NoticeList, NoticesMissing } from '../../../../shared/ipc/notices.ts';
import { invoke } from '../../../bridge/invoke.ts';
import { buildCommit, pageEngine } from './buildInfo.ts';

export type About = CommandOutput<'app.about'>;
export type Folder = 'data' | 'logs';
/** `shown`: the clipboard could not be reached, so the text is shown to copy by hand. */
export type CopyState = { state: 'idle' } | { state: 'copying' } | { state: 'copied' } | { state: 'shown'; text: string };

interface AboutState {
  about: About | null;
  /** Errors are kept as they came and worded where they are shown. */
  error: AppError | null;
  /** Why a folder did not open, said after its "Open" (worded there). */
  folderNote: { folder: Folder; error: AppError } | null;
  notices: NoticeList | null;
  /** Why the notices are not shown: core's reason, or the error of the command; worded where shown. */
  noticesMissing: NoticesMissing | AppError | null;
  noticesLoading: boolean;
  copy: CopyState;
  load: () => Promise<void>;
  openFolder: (folder: Folder) => Promise<void>;
  loadNotices: () => Promise<void>;
  copyDiagnostics: () => Promise<void>;
  reset: () => void;
}

const initial = {
  about: null,
  error: null,
  folderNote: null,
  notices: null,
  noticesMissing: null,
  noticesLoading: false,
  copy: { state: 'idle' } as CopyState,
};

/** Settings → About: versions and folders, the licence notices (asked for when shown) and the diagnostics. */
export const useAboutStore = create<AboutState>()((set, get) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('app.about', {});
    if (reply.ok) set({ about: reply.value, error: null });
    else set({ error: reply.error });
  },
  openFolder: async (folder) => {
    set({ folderNote: null });
    const reply = await invoke('shell.openFolder', { folder });
    if (reply.ok) return;
    set({ folderNote: { folder, error: reply.error } });
  },
  loadNotices: async () => {
    if (get().notices || get().noticesLoading) return;
    set({ noticesLoading: true });
    const reply = await invoke('app.notices', {});
    if (!reply.ok) set({ noticesLoading: false, noticesMissing: reply.error });
    else if ('missing' in reply.value) set({ noticesLoading: false, noticesMissing: reply.value.missing });
    else set({ noticesLoading: false, notices: reply.value.notices, noticesMissing: null });
  },
  copyDiagnostics: async () => {
    set({ copy: { state: 'copying' } });
    const reply = await invoke('app.diagnostics', { build: buildCommit(), page: pageEngine() });
    if (!reply.ok) {
      set({ copy: { state: 'idle' }, error: reply.error });
      return;
    }
    try {
      await navigator.clipboard.writeText(reply.value.text);
      set({ copy: { state: 'copied' } });
    } catch {
      // The browser refused the clipboard: the text is shown to copy by hand instead.
      set({ copy: { state: 'shown', text: reply.value.text } });
    }
  },
  reset: () => set(initial),
}));
