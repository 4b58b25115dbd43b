import { z } from 'zod';

/** Which releases the desktop app takes: `beta` also takes pre-releases. */
export const UpdateChannel = z.enum(['stable', 'beta']);
export type UpdateChannel = z.infer<typeof UpdateChannel>;

/**
 * Where the desktop app's updates stand, as the header and Settings → About show them. `ready`:
 * downloaded and checked, waiting for a restart; `waitingForJobs` counts the paid requests a restart
 * asked for waits on (0 when none was asked for or none is being sent).
 */
export const UpdateStatus = z.discriminatedUnion('state', [
  /** The browser host, or a desktop build without a feed: `message` says why. */
  z.object({ state: z.literal('unavailable'), message: z.string() }),
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
  z.object({ state: z.literal('failed'), message: z.string() }),
]);
export type UpdateStatus = z.infer<typeof UpdateStatus>;

/** The paid requests a restart must not cut off: being sent now, or sent with their answer not known yet. */
export const PaidWorkInFlight = z.object({ sending: z.number().int().nonnegative(), inDoubt: z.number().int().nonnegative() });
export type PaidWorkInFlight = z.infer<typeof PaidWorkInFlight>;
