import { createHash } from 'node:crypto';
import type { Scene } from '../../../shared/ipc/scenes.ts';
import type { ClaimResult } from '../../../shared/sync/lineClaims.ts';
import { SHARED_KEY_PREFIX } from '../api/sharedKeys.ts';
import type { Clock } from '../clock/clock.ts';
import { audioIntent } from '../jobs/jobKinds.ts';
import { HistoryMatchStore } from '../jobs/historyMatchStore.ts';
import type { Logger } from '../log/logger.ts';
import { LineClaims } from '../spaces/lineClaims.ts';
import { machineIdOf } from './claimHolders.ts';
import type { LineNeed } from './lineNeeds.ts';
import type { SceneParts } from './sceneServices.ts';
import type { SceneRecord } from './sceneStore.ts';
import { planLines, sceneView } from './sceneViews.ts';

/** The service's clock and ours may differ: history is searched this much wider than the claim. */
const CLOCK_SKEW_MS = 2 * 60_000;

/** The steps of a line this machine won, with the key each sends under (the same on every machine of the account). */
export type ClaimedSend = { needs: LineNeed[]; keyOf: (need: LineNeed, step: 'speech' | 'talk') => string | undefined };

export type SceneClaimsDeps = {
  parts: () => SceneParts | null;
  clock: Clock;
  log: Logger;
  emitScene: (scene: Scene) => void;
  /** Renders adopted from another machine are read again (their items may be here already). */
  touched: (ids: string[]) => void;
};

/**
 * Scenes' side of line claims (spaces/lineClaims.ts): which lines of a render this machine sends,
 * which it waits for, and results of other machines taken into this library's renders. Without an
 * open space (or for a scene not in one) every line is sent as it always was.
 */
export class SceneClaims {
  private readonly deps: SceneClaimsDeps;
  private readonly followed = new WeakSet<object>();
  private readonly due = new Set<string>();

  constructor(deps: SceneClaimsDeps) {
    this.deps = deps;
  }

  /** The lines to send now; lines another machine renders wait for it, lines it rendered are taken from it. */
  async split(parts: SceneParts, scene: SceneRecord, needs: LineNeed[], now: string): Promise<ClaimedSend> {
    const room = parts.services.spaceLink.claimRoom(scene.id) ?? null;
    if (!room) return { needs, keyOf: () => undefined };
    const asks = needs
      .filter((need) => need.steps !== 'none')
      .map((need) => ({ key: need.plan.key, lineId: need.plan.line.id, failedHere: need.render?.state === 'failed' }));
    const claims = this.claimsOf(parts, needs);
    const outcomes = await claims.claim(room, asks);
    const fingerprint = parts.services.keyFingerprint?.() ?? null;
    const attempts = new Map<string, number>();
    const adopted: string[] = [];
    const send = needs.filter((need) => {
      const outcome = outcomes.get(need.plan.key);
      if (!outcome) return true;
      if (outcome.kind === 'send') attempts.set(need.plan.key, outcome.attempt);
      if (outcome.kind === 'result') adopted.push(...this.adopt(parts, scene.id, need, outcome.result, now));
      return outcome.kind === 'send';
    });
    if (adopted.length > 0) this.deps.touched(adopted);
    return {
      needs: send,
      keyOf: (need, step) => {
        const attempt = attempts.get(need.plan.key);
        if (attempt === undefined || fingerprint === null) return undefined;
        const key = lineIdempotencyKey({ fingerprint, sceneId: scene.id, lineId: need.plan.line.id, key: need.plan.key, step, attempt });
        // A step of this attempt made here before (a clip cancelled after its speech): a key of its own.
        return parts.renders.keyInUse(key) ? undefined : key;
      },
    };
  }

  /** A scene's lines as shown: this machine's finished or failed renders are told to the others. */
  reported(parts: SceneParts, scene: Scene): void {
    const room = parts.services.spaceLink.claimRoom(scene.id) ?? null;
    if (!room) return;
    const claims = this.claimsOf(parts, []);
    for (const line of scene.lines) {
      if (!line.speechJobId && !line.talkJobId) continue;
      if (line.state === 'done') claims.finished(room, line.key, { audioId: line.audioId, generationId: line.generationId });
      else if (line.state === 'failed') claims.failed(room, line.key);
      else if (line.state === 'queued' || line.state === 'rendering') claims.beat(room, line.key);
    }
  }

  /** Another machine's claims changed: results are taken in and the scene is shown again (who renders what). */
  private claimsChanged(sceneId: string): void {
    const parts = this.deps.parts();
    const room = parts?.services.spaceLink.claimRoom(sceneId) ?? null;
    const record = parts?.scenes.get(sceneId);
    if (!parts || !room || !record) return;
    const claims = this.claimsOf(parts, []);
    const now = new Date(this.deps.clock.now()).toISOString();
    const renders = parts.renders;
    const adopted: string[] = [];
    for (const plan of planLines(parts, record, parts.scenes.lines(sceneId))) {
      if (plan.line.kind === 'clip' || plan.problem) continue;
      const result = claims.result(room, plan.key);
      const render = renders.get(plan.key);
      if (!result || (render && render.state !== 'failed')) continue;
      adopted.push(...this.adopt(parts, sceneId, { plan, render, steps: 'none' }, result, now));
    }
    if (adopted.length > 0) this.deps.touched(adopted);
    this.deps.emitScene(sceneView(parts, record));
  }

  /** Another machine's result becomes this library's render of the line; its items come with history sync. */
  private adopt(parts: SceneParts, sceneId: string, need: LineNeed, result: ClaimResult, now: string): string[] {
    const kind = need.plan.line.kind;
    const itemId = kind === 'talk' ? result.generationId : result.audioId;
    if (!itemId) return [];
    parts.renders.adopted({ key: need.plan.key, sceneId, kind, audioId: result.audioId, generationId: result.generationId }, now);
    if (!parts.services.queries.item(itemId)) parts.services.syncSoon?.();
    return [itemId];
  }

  /** Claims read by this library's machine; a silent machine's claim is passed over only when history shows no job of it. */
  private claimsOf(parts: SceneParts, needs: readonly LineNeed[]): LineClaims {
    const { services } = parts;
    const byKey = new Map(needs.map((need) => [need.plan.key, need]));
    const { clock, log } = this.deps;
    return new LineClaims({
      machineId: () => machineIdOf(services.library),
      clock,
      log,
      historyShows: async (key, since) => {
        const speech = byKey.get(key)?.plan.speech;
        if (!speech || !services.historyPassSince) return true;
        const listed = clock.now();
        try {
          await services.historyPassSince(listed);
        } catch (error) {
          log.warn('History could not be listed to take over a silent machine’s line.', { error });
          return true;
        }
        const intent = audioIntent(speech);
        const from = new Date(since - CLOCK_SKEW_MS).toISOString();
        const to = new Date(clock.now() + CLOCK_SKEW_MS).toISOString();
        const found = new HistoryMatchStore(services.library).candidates({ id: '', kind: intent.kind, body: intent.body }, from, to);
        return found === null || found.length > 0;
      },
    });
  }

  /** Claims other machines write into the space's scenes are read as they arrive (once per session's link). */
  follow(parts: SceneParts): void {
    const link = parts.services.spaceLink;
    if (this.followed.has(link)) return;
    this.followed.add(link);
    link.onClaims((sceneId) => {
      if (this.due.size === 0) setImmediate(() => this.readDue());
      this.due.add(sceneId);
    });
  }

  private readDue(): void {
    const due = [...this.due];
    this.due.clear();
    for (const sceneId of due) {
      try {
        this.claimsChanged(sceneId);
      } catch (error) {
        this.deps.log.warn('Another machine’s line claims could not be read.', { error });
      }
    }
  }
}

/**
 * The Idempotency-Key of a claimed line's step: the same on every machine of one service account
 * key, so a render two machines both send (a race the claims lost) is still executed once while
 * the service keeps the key (spec 4; 48 hours on the sandbox). 74 printable ASCII characters.
 */
export function lineIdempotencyKey(parts: {
  fingerprint: string;
  sceneId: string;
  lineId: string;
  key: string;
  step: 'speech' | 'talk';
  attempt: number;
}): string {
  const { fingerprint, sceneId, lineId, key, step, attempt } = parts;
  const hash = createHash('sha256')
    .update([fingerprint, sceneId, lineId, key, step, String(attempt)].join('\n'))
    .digest('hex');
  return `${SHARED_KEY_PREFIX}${hash}`;
}
