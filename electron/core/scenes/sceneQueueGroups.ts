import { z } from 'zod';
import type { SceneQueueGroup, SceneQueueLine } from '../../../shared/ipc/scenes.ts';
import type { SceneParts } from './sceneServices.ts';
import type { SceneRender } from './sceneRenderStore.ts';
import { planLines } from './sceneViews.ts';

const TalkBody = z.object({ character_id: z.string() });

/** A retried job's earlier attempts are followed back at most this far (the queue allows one retry each). */
const MAX_RETRY_HOPS = 20;

/**
 * How the queue names scenes' groups of jobs: the scene's title as it is now, and for each job the
 * line it renders ("Line 3 · Mara"). A job of content no line has any more (edited since) keeps its
 * speaker without a line; a deleted scene's group keeps its jobs' speakers and has no title.
 * Ids that never were scenes (other groups' batch ids) are left out.
 */
export function sceneQueueGroups(parts: SceneParts, sceneIds: readonly string[]): SceneQueueGroup[] {
  const groups: SceneQueueGroup[] = [];
  for (const sceneId of new Set(sceneIds)) {
    const record = parts.scenes.get(sceneId);
    const plans = record ? planLines(parts, record, parts.scenes.lines(sceneId)) : [];
    const lineOfKey = new Map<string, number>();
    plans.forEach((plan, index) => {
      if (!lineOfKey.has(plan.key)) lineOfKey.set(plan.key, index + 1);
    });
    const renders = new Map(parts.renders.ofScene(sceneId).map((render) => [render.key, render]));
    for (const [key, render] of parts.renders.many([...lineOfKey.keys()])) renders.set(key, render);
    if (!record && renders.size === 0) continue;
    const lines: SceneQueueLine[] = [];
    for (const render of renders.values()) {
      const lineNumber = lineOfKey.get(render.key) ?? null;
      const speaker = speakerOf(parts, render, lineNumber === null ? null : (plans[lineNumber - 1]?.line.characterId ?? null));
      for (const jobId of jobsOf(parts, render, sceneId)) lines.push({ jobId, lineNumber, speaker });
    }
    groups.push({ sceneId, title: record?.title ?? null, lines });
  }
  return groups;
}

/**
 * The render's jobs queued by this scene, and every earlier attempt they retried. A render another
 * scene queued (a duplicate's line of the same content, reused) names jobs of that scene's group, not these.
 */
function jobsOf(parts: SceneParts, render: SceneRender, sceneId: string): string[] {
  const out: string[] = [];
  for (const start of [render.speechJobId, render.talkJobId]) {
    const attempts: string[] = [];
    let job = start ? parts.services.jobs.get(start) : null;
    for (let hops = 0; job && hops < MAX_RETRY_HOPS; hops += 1) {
      attempts.push(job.id);
      // A retry has no group of its own: the first attempt's says whose it is.
      if (!job.retry_of) break;
      job = parts.services.jobs.get(job.retry_of);
    }
    const first = attempts.length > 0 ? parts.services.jobs.get(attempts[attempts.length - 1] as string) : null;
    if (first?.batch_id === sceneId) out.push(...attempts);
  }
  return out;
}

/** A speech line's speaker is the narrator; a talk line's is its character (the line's, or the clip job's once the line is gone). */
function speakerOf(parts: SceneParts, render: SceneRender, lineCharacterId: string | null): string | null {
  if (render.kind === 'speech') return 'Narrator';
  const characterId = lineCharacterId ?? characterOfJob(parts, render.talkJobId);
  return characterId ? (parts.services.queries.character(characterId)?.name ?? null) : null;
}

/** The character a talk clip's request names (its stored body is the request as sent). */
function characterOfJob(parts: SceneParts, jobId: string | null): string | null {
  const body = jobId ? parts.services.jobs.get(jobId)?.body : undefined;
  if (!body) return null;
  const parsed = TalkBody.safeParse(JSON.parse(body));
  return parsed.success ? parsed.data.character_id : null;
}
