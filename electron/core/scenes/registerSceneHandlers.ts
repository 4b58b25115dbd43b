import { randomUUID } from 'node:crypto';
import type { Job } from '../../../shared/ipc/index.ts';
import type { Scene, SceneLineInput } from '../../../shared/ipc/scenes.ts';
import { registerCastHandlers } from '../cast/registerCastHandlers.ts';
import type { Clock } from '../clock/clock.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { Logger } from '../log/logger.ts';
import { withoutHeld } from './claimHolders.ts';
import { mergeLineList } from '../../../shared/scenes/lineListMerge.ts';
import { lineNeeds } from './lineNeeds.ts';
import { editLineText } from './lineTextEdits.ts';
import { RenderFollower } from './renderFollower.ts';
import { SceneClaims } from './sceneClaims.ts';
import { priceScene } from './scenePricing.ts';
import { sceneQueueGroups } from './sceneQueueGroups.ts';
import { renderScene } from './sceneRendering.ts';
import { sceneParts, type SceneParts, type SceneServices } from './sceneServices.ts';
import type { SceneRecord } from './sceneStore.ts';
import { planLines, sceneSummary, sceneView } from './sceneViews.ts';

export type SceneDeps = { active: () => SceneServices; current: () => SceneServices | null; clock: Clock; log: Logger };

/**
 * The cast and scene commands (all of shared/ipc/scenes.ts but the export), and the follower that
 * keeps each scene's lines in step with their jobs and files.
 */
export function registerSceneHandlers(router: Router, deps: SceneDeps): void {
  const parts = (): SceneParts => sceneParts(deps.active());
  const now = (): string => new Date(deps.clock.now()).toISOString();
  registerCastHandlers(router, { active: () => parts(), clock: deps.clock });
  const claims = followRenders(router, deps);

  router.register('scenes.list', () => {
    const p = parts();
    return p.scenes.all().map((record) => sceneSummary(p, record));
  });
  router.register('scenes.get', (input) => {
    const p = parts();
    return sceneView(p, requireScene(p, input.id));
  });
  router.register('scenes.create', (input) => {
    const p = parts();
    const at = now();
    const record: SceneRecord = {
      id: randomUUID(),
      // No title of its own: the page words the default in the person's language (never stored, as scenes are shared).
      title: input.title?.trim() ?? '',
      aspect: '16:9',
      quality: 'pro',
      collectionId: null,
      createdAt: at,
      updatedAt: at,
    };
    p.scenes.insert(record);
    return sceneView(p, record);
  });
  router.register('scenes.update', (input) => {
    const p = parts();
    requireScene(p, input.id);
    p.services.library.transaction(() => {
      p.scenes.update(input.id, { title: input.title, aspect: input.aspect, quality: input.quality }, now());
      if (input.lines) p.scenes.replaceLines(input.id, linesToWrite(p.scenes.lines(input.id), uniqueLines(input.lines), input.seenLineIds));
    });
    return sceneView(p, requireScene(p, input.id));
  });
  router.register('scenes.editLineText', (input) => editLineText(parts(), input, now()));
  router.register('scenes.presence', (input) => {
    deps.active().spaceLink.presence.enter(input.sceneId, input.lineId);
    return { ok: true as const };
  });
  router.register('scenes.delete', (input) => {
    if (!parts().scenes.delete(input.id)) throw notFound();
    return { ok: true as const };
  });
  router.register('scenes.queueGroups', (input) => sceneQueueGroups(parts(), input.sceneIds));
  router.register('scenes.duplicate', (input) => duplicate(parts(), requireScene(parts(), input.id), now(), input.title));
  registerRenderCommands(router, parts, now, claims);
}

/** Pricing and rendering: what is not rendered yet (or the lines named), from quotes, into the queue. */
function registerRenderCommands(router: Router, parts: () => SceneParts, now: () => string, claims: SceneClaims): void {
  router.register('scenes.price', async (input) => {
    const p = parts();
    const scene = requireScene(p, input.id);
    return priceScene(p, withoutHeld(p, scene.id, lineNeeds(p, chosenPlans(p, scene, input.lineIds))));
  });
  router.register('scenes.render', async (input) => {
    const p = parts();
    const scene = requireScene(p, input.id);
    const needs = lineNeeds(p, chosenPlans(p, scene, input.lineIds));
    const blocked = needs.find((n) => n.plan.problem);
    const problem = blocked?.plan.problem;
    if (input.lineIds && problem) throw new AppFailure('line_not_ready', { problem }, { field: 'lineIds' });
    if (needs.every((n) => n.steps === 'none') && problem) throw new AppFailure('line_not_ready', { problem });
    // In a space, each line is claimed first: lines another machine renders are waited for, never paid twice.
    const claimed = await claims.split(p, scene, needs, now());
    const jobs: Job[] = await renderScene(p, scene, claimed.needs, now(), claimed.keyOf);
    const view = sceneView(p, requireScene(p, scene.id));
    router.emit('scene.updated', view);
    return { scene: view, jobs };
  });
}

/**
 * Job and library events move the renders on; a new connection catches up with renders left under
 * way. In a space, what the renders come to is told to the other machines through the line claims.
 */
function followRenders(router: Router, deps: SceneDeps): SceneClaims {
  const current = (): SceneParts | null => {
    const services = deps.current();
    return services ? sceneParts(services) : null;
  };
  const emitScene = (scene: Scene): void => router.emit('scene.updated', scene);
  const follower = new RenderFollower({ parts: current, emitScene, clock: deps.clock, log: deps.log });
  const claims = new SceneClaims({ parts: current, emitScene, clock: deps.clock, log: deps.log, touched: (ids) => follower.touched(ids) });
  const touched = new Set<string>();
  const items = new Set<string>();
  let flush: NodeJS.Immediate | null = null;
  // Events arrive inside the queue's and the record flow's own work (even their transactions): the
  // renders are read after it, together.
  const later = (): void => {
    flush ??= setImmediate(() => {
      flush = null;
      const ids = [...touched];
      const itemIds = new Set(items);
      touched.clear();
      items.clear();
      try {
        follower.touched(ids, itemIds);
      } catch (error) {
        deps.log.warn('Scene renders could not be brought up to date.', { error });
      }
    });
  };
  shareRenders(router, current, claims, deps.log);
  router.subscribe((event, payload) => {
    if (event === 'job.updated') {
      const job = payload as Job;
      touched.add(job.id);
      if (job.retryOf) touched.add(job.retryOf);
      later();
    } else if (event === 'library.updated') {
      for (const item of (payload as { items: { id: string }[] }).items) {
        touched.add(item.id);
        items.add(item.id);
      }
      later();
    } else if (event === 'connection.changed') {
      setImmediate(() => {
        try {
          follower.catchUp();
        } catch (error) {
          deps.log.warn('Scene renders could not be brought up to date.', { error });
        }
      });
    }
  });
  return claims;
}

/** In a space, other machines' claims are followed, and what this machine's renders came to is written into its own. */
function shareRenders(router: Router, current: () => SceneParts | null, claims: SceneClaims, log: Logger): void {
  router.subscribe((event, payload) => {
    const parts = current();
    if (!parts) return;
    claims.follow(parts);
    if (event !== 'scene.updated') return;
    try {
      claims.reported(parts, payload as Scene);
    } catch (error) {
      log.warn('A scene’s line claims could not be brought up to date.', { error });
    }
  });
}

function requireScene(parts: SceneParts, id: string): SceneRecord {
  const record = parts.scenes.get(id);
  if (!record) throw notFound();
  return record;
}

function notFound(): AppFailure {
  return new AppFailure('not_found', { what: 'scene' });
}

/** The scene's lines, or only the ones named (a retry or a re-render of one line), as plans. */
function chosenPlans(parts: SceneParts, scene: SceneRecord, lineIds: readonly string[] | undefined) {
  const lines = parts.scenes.lines(scene.id);
  if (!lineIds) return planLines(parts, scene, lines);
  const wanted = new Set(lineIds);
  const chosen = lines.filter((l) => wanted.has(l.id));
  if (chosen.length !== wanted.size) throw new AppFailure('not_found', { what: 'scene_line' }, { field: 'lineIds' });
  return planLines(parts, scene, chosen);
}

/** A line id appears once in a scene; a repeated id (a paste gone wrong) keeps its first place. */
function uniqueLines(lines: readonly SceneLineInput[]): SceneLineInput[] {
  const seen = new Set<string>();
  return lines.filter((line) => !seen.has(line.id) && Boolean(seen.add(line.id)));
}

/** The editor's lines over the scene's as they are now when it says which it saw (others may have changed them since). */
function linesToWrite(current: SceneLineInput[], sent: SceneLineInput[], seenLineIds: readonly string[] | undefined): SceneLineInput[] {
  if (!seenLineIds) return sent;
  const seen = new Set(seenLineIds);
  const words = new Map(current.map((line) => [line.id, line.text]));
  return mergeLineList(sent, current, seen).map((line) => (seen.has(line.id) ? { ...line, text: words.get(line.id) ?? line.text } : line));
}

/**
 * A copy with new line ids; its lines keep their content keys, so their renders are reused, never
 * paid again. Its title is the page's (in the person's language), else the original's.
 */
function duplicate(parts: SceneParts, source: SceneRecord, at: string, title: string | undefined) {
  const copy: SceneRecord = {
    ...source,
    id: randomUUID(),
    title: title ?? source.title,
    collectionId: null,
    createdAt: at,
    updatedAt: at,
  };
  parts.services.library.transaction(() => {
    parts.scenes.insert(copy);
    parts.scenes.replaceLines(
      copy.id,
      parts.scenes.lines(source.id).map((line) => ({ ...line, id: randomUUID() })),
    );
  });
  return sceneView(parts, copy);
}
