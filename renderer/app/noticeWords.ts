import { useEffect } from 'react';
import type { CommandInput } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import type { Formats } from '../i18n/format.ts';
import { useFormats } from '../i18n/LanguageProvider.tsx';
import { useAppInfoStore } from '../stores/appInfoStore.ts';

/** Where the job's own text goes in the notification's title; the desktop shell puts it there. */
const SUBJECT_SLOT = '{subject}';

/** The desktop notification's words in the language of `formats`. */
export function noticeWords(formats: Formats): CommandInput<'shell.noticeWords'> {
  return {
    ready: formats.text('app.notify.ready', { subject: SUBJECT_SLOT }),
    readyUnnamed: formats.text('app.notify.readyUnnamed'),
    open: formats.text('app.notify.open'),
  };
}

/**
 * Hands the desktop shell the words of the notification a finished job raises, in the studio's
 * language, and again whenever it changes: the shell has no words of its own. The browser host
 * raises no notifications.
 */
export function useNoticeWords(): void {
  const formats = useFormats();
  const desktop = useAppInfoStore((s) => s.info?.host === 'electron');
  useEffect(() => {
    if (desktop) void invoke('shell.noticeWords', noticeWords(formats));
  }, [desktop, formats]);
}
