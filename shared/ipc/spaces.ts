import { z } from 'zod';

// Joining a space on a sync server (Settings → Sync): one space per service connection. The member
// token stays in core and the keychain; nothing here carries it.

const Empty = z.object({}).strict();

/** How the space's documents sync: `off` while this connection is in no space. */
export const SpaceSyncState = z.enum(['off', 'connecting', 'synced', 'syncing', 'offline', 'refused']);
export type SpaceSyncState = z.infer<typeof SpaceSyncState>;

/** The space this connection is in, as the page shows it. */
export const SpaceMembershipView = z.object({
  serverUrl: z.string(),
  spaceName: z.string(),
  memberName: z.string(),
});
export type SpaceMembershipView = z.infer<typeof SpaceMembershipView>;

export const SpaceStatus = z.object({
  membership: SpaceMembershipView.nullable(),
  state: SpaceSyncState,
  /** Local changes not yet on the server (they wait on disk while offline). */
  pendingChanges: z.number().int().nonnegative(),
});
export type SpaceStatus = z.infer<typeof SpaceStatus>;

/** The longest server address and join code a person can type. */
export const SPACE_INPUT_LIMITS = { serverUrl: 2_000, joinCode: 100 } as const;

export const spaceCommands = {
  /** Joins a space with a code its owner made (`--invite`); the answer is the new status. */
  'spaces.join': {
    input: z
      .object({
        serverUrl: z.string().trim().min(1).max(SPACE_INPUT_LIMITS.serverUrl),
        joinCode: z.string().trim().min(1).max(SPACE_INPUT_LIMITS.joinCode),
      })
      .strict(),
    output: SpaceStatus,
  },
  /** Leaves the space: this machine forgets the member token and the space's documents. */
  'spaces.leave': { input: Empty, output: SpaceStatus },
  'spaces.status': { input: Empty, output: SpaceStatus },
} as const;

export const spaceEvents = {
  /** The space or how it syncs changed. */
  'spaces.changed': SpaceStatus,
} as const;
