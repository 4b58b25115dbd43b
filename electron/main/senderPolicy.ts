import { originOf } from './appUrls.ts';

/** The parts of Electron's WebFrameMain the check reads. */
export type FrameLike = { readonly url: string; readonly parent: FrameLike | null };

export type SenderVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether an IPC message may reach the router: it must come from a frame that still exists, that
 * is the main frame of our window (not an iframe, not another window or webview), and that shows a
 * page of the app's own origin. Anything else is refused before the router sees the message.
 */
export function checkSender(frame: FrameLike | null | undefined, expected: { mainFrame: FrameLike | null; origin: string }): SenderVerdict {
  // Null when the frame navigated away or was destroyed between send and receipt.
  if (!frame) return { ok: false, reason: 'the sending frame is gone' };
  if (frame.parent !== null) return { ok: false, reason: 'the message came from a subframe' };
  if (!expected.mainFrame || frame !== expected.mainFrame)
    return { ok: false, reason: 'the message came from a frame that is not our window' };
  if (originOf(frame.url) !== expected.origin) return { ok: false, reason: `the sending page is not of ${expected.origin}` };
  return { ok: true };
}
