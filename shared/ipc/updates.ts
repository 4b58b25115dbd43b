import { z } from 'zod';

/** Which releases the desktop app takes: `beta` also takes pre-releases. */
export const UpdateChannel = z.enum(['stable', 'beta']);
export type UpdateChannel = z.infer<typeof UpdateChannel>;

/**
 * Why a build takes no updates: the browser host runs the files it was started from; a development
 * copy is not installed; a build's feed is not an address, not HTTPS, or not named at all.
 */
export const UpdatesOff = z.enum(['browser_host', 'development', 'feed_not_address', 'feed_not_https', 'no_feed']);
export type UpdatesOff = z.infer<typeof UpdatesOff>;

/**
 * Where the desktop app's updates stand, as the header and Settings → About show them. `ready`:
 * downloaded and checked, waiting for a restart; `waitingForJobs` counts the paid requests a restart
 * asked for waits on (0 when none was asked for or none is being sent).
 */
export const UpdateStatus = z.discriminatedUnion('state', [
  /** The browser host, or a desktop build without a usable feed: `reason` says why (the page words it). */
  z.object({ state: z.literal('unavailable'), reason: UpdatesOff }),
  z.object({ state: z.literal('idle'), checkedAt: z.string().nullable(), automatic: z.boolean() }),
  z.object({ state: z.literal('checking') }),
  z.object({ state: z.literal('downloading'), version: z.string(), percent: z.number().min(0).max(100) }),
  z.object({
    state: z.literal('ready'),
    version: z.string(),
    /** Plain text, taken from the feed: shown as text, never as markup. */
    notes: z.string().nullable(),
    waitingForJobs: z.number().int().nonnegative(),
  }),
  /** A check or download failed; it is tried again later, and the log says why. */
  z.object({ state: z.literal('failed') }),
]);
export type UpdateStatus = z.infer<typeof UpdateStatus>;

/** The paid requests a restart must not cut off: being sent now, or sent with their answer not known yet. */
export const PaidWorkInFlight = z.object({ sending: z.number().int().nonnegative(), inDoubt: z.number().int().nonnegative() });
export type PaidWorkInFlight = z.infer<typeof PaidWorkInFlight>;
