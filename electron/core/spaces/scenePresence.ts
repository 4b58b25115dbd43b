import type { Awareness } from 'y-protocols/awareness';
import type { ScenePresenceMember } from '../../../shared/ipc/scenes.ts';

/** The field of this machine's state in a scene's presence channel. */
const FIELD = 'presence';
/** At most this many others are told to the page (a space is a few machines; a flood is cut). */
const MAX_OTHERS = 50;
const NAME_MAX = 80;
const MEMBER_ID = /^[0-9A-Za-z_-]{1,100}$/;
const LINE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ScenePresenceDeps = {
  /** The scene's presence channel while the space is connected, or null. */
  awareness(sceneId: string): Awareness | null;
  /** Who this machine is in the open space, or null. */
  member(): { memberId: string; memberName: string } | null;
  /** Who else is in the scene, each time that changes (`scene.presence`). */
  announce(sceneId: string, others: ScenePresenceMember[]): void;
};

type Here = { sceneId: string; awareness: Awareness; stop: () => void };

/**
 * Where this machine's editor is (a scene and a line), put in the scene document's awareness for
 * the other machines, and who else is there, read from it. A machine that stops renewing its state
 * (closed, cut off) is dropped by the awareness itself after its timeout (30 s), which tells us.
 */
export class ScenePresence {
  private readonly deps: ScenePresenceDeps;
  private here: Here | null = null;
  /** Where the editor said it is last (told again over a new connection). */
  private last: { sceneId: string; lineId: string | null } | null = null;

  constructor(deps: ScenePresenceDeps) {
    this.deps = deps;
  }

  /** The editor is on `sceneId` (null: no scene) and in line `lineId` (null: none). */
  enter(sceneId: string | null, lineId: string | null): void {
    this.last = sceneId === null ? null : { sceneId, lineId };
    const awareness = sceneId === null ? null : this.deps.awareness(sceneId);
    if (this.here && (this.here.sceneId !== sceneId || this.here.awareness !== awareness)) this.leave();
    if (sceneId === null) return;
    const member = this.deps.member();
    if (!awareness || !member) {
      this.deps.announce(sceneId, []);
      return;
    }
    if (!this.here) {
      const changed = (): void => this.tell();
      awareness.on('change', changed);
      this.here = { sceneId, awareness, stop: () => awareness.off('change', changed) };
    }
    const state = awareness.getLocalState() ?? {};
    awareness.setLocalState({ ...state, [FIELD]: { memberId: member.memberId, name: member.memberName, lineId } });
    this.tell();
  }

  /** The space's connection may be a new one (opened, joined, reconnected): the place is told over it. */
  refresh(): void {
    const last = this.last;
    if (!last || (this.here && this.deps.awareness(last.sceneId) === this.here.awareness)) return;
    this.enter(last.sceneId, last.lineId);
  }

  /** The editor left the scene (or the space closes): the others stop seeing this machine there. */
  leave(): void {
    const here = this.here;
    if (!here) return;
    this.here = null;
    here.stop();
    // A state without presence, not no state: the server (Hocuspocus 4.7) runs each awareness update
    // through its hook by re-encoding the states the update holds, so a removed state never reaches
    // the others (they would drop it only at the timeout).
    const state = here.awareness.getLocalState();
    if (state) here.awareness.setLocalState({ ...state, [FIELD]: null });
  }

  private tell(): void {
    const here = this.here;
    if (here) this.deps.announce(here.sceneId, othersIn(here.awareness));
  }
}

/** The other machines' states in the channel, read as untrusted (another member wrote them). */
function othersIn(awareness: Awareness): ScenePresenceMember[] {
  const others: ScenePresenceMember[] = [];
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const presence = readPresence(state[FIELD]);
    if (presence) others.push({ clientId, ...presence, hue: hueOf(presence.memberId) });
    if (others.length === MAX_OTHERS) break;
  }
  return others.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
}

function readPresence(value: unknown): { memberId: string; name: string; lineId: string | null } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { memberId, name, lineId } = value as Record<string, unknown>;
  if (typeof memberId !== 'string' || !MEMBER_ID.test(memberId)) return null;
  const shown = typeof name === 'string' ? name.trim().slice(0, NAME_MAX) : '';
  return {
    memberId,
    name: shown || memberId.slice(0, NAME_MAX),
    lineId: typeof lineId === 'string' && LINE_ID.test(lineId) ? lineId : null,
  };
}

/** A member's colour, as a hue from their id: the same on every machine, whatever they say of themselves. */
export function hueOf(memberId: string): number {
  let hash = 2166136261;
  for (let i = 0; i < memberId.length; i += 1) hash = Math.imul(hash ^ memberId.charCodeAt(i), 16777619);
  return (hash >>> 0) % 360;
}
