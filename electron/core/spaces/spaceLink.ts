/**
 * The seam between joining a space (a server URL, a join code, a member token kept in the
 * keychain, one space per service connection) and keeping the space's shared documents (on disk,
 * mirrored into the library, synced with the server). Joining hands a membership to a link; the
 * link reports how syncing goes.
 */

/** Where a space lives and who this machine is in it: what a join code becomes. */
export type SpaceMembership = {
  /** The sync server's base URL (`https://…` or `http://127.0.0.1:…`); documents go over its WebSocket. */
  serverUrl: string;
  spaceId: string;
  spaceName: string;
  memberId: string;
  memberName: string;
  /** The member token: a secret, kept in the keychain, never logged or sent to the renderer. */
  token: string;
};

/**
 * - `connecting`: opening the documents with the server;
 * - `synced`: every local change is on the server and the server's are here;
 * - `syncing`: changes are moving one way or the other;
 * - `offline`: the server cannot be reached; changes wait on disk (`pendingChanges`);
 * - `refused`: the server refused the member token (revoked, or another space's).
 */
export type SpaceLinkState = 'connecting' | 'synced' | 'syncing' | 'offline' | 'refused';

export type SpaceLinkStatus = { state: SpaceLinkState; pendingChanges: number };

/** The shared documents of one space, kept on this machine and synced with its server. */
export interface SpaceLink {
  /** Starts syncing the space's documents with its server; works offline and merges on reconnect. */
  open(membership: SpaceMembership): Promise<void>;
  /** Stops syncing. The documents stay on disk unless `forget` (leaving the space). */
  close(options?: { forget?: boolean }): Promise<void>;
  status(): SpaceLinkStatus;
  onStatus(listener: (status: SpaceLinkStatus) => void): () => void;
}
