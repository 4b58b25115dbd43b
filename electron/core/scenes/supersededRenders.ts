import type { Job } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { transitionProblem } from '../jobs/jobStates.ts';
import type { SceneRender } from './sceneRenderStore.ts';
import type { SceneParts } from './sceneServices.ts';
import type { SceneRecord } from './sceneStore.ts';
import { planLines } from './sceneViews.ts';

/**
 * A line whose content changed renders under a new key, and the render of its old content is
 * superseded. Its steps never sent (a clip held for approval or credits, or waiting for a speech that
 * failed, or held by the queue's pause) would stay in the queue and could still go, and be paid for,
 * content no line has any more: they are cancelled. A step already sent is left to finish (it may be
 * charged; what it makes lands in the library), and a render whose content a line of any scene still
 * has (a duplicated scene) is kept.
 */
export function cancelSuperseded(parts: SceneParts, scene: SceneRecord): Job[] {
  const current = keysOf(parts, scene);
  const stale = parts.renders.ofScene(scene.id).filter((render) => !current.has(render.key) && unsentSteps(parts, render).length > 0);
  if (stale.length === 0) return [];
  const elsewhere = new Set(parts.scenes.all().flatMap((other) => (other.id === scene.id ? [] : [...keysOf(parts, other)])));
  const cancelled: Job[] = [];
  for (const render of stale) {
    if (elsewhere.has(render.key)) continue;
    // The speech first: cancelling it cancels the clip that waits for it too.
    for (const jobId of unsentSteps(parts, render)) {
      const job = cancelUnsent(parts, jobId);
      if (job) cancelled.push(job);
    }
  }
  return cancelled;
}

function keysOf(parts: SceneParts, scene: SceneRecord): Set<string> {
  return new Set(planLines(parts, scene, parts.scenes.lines(scene.id)).map((plan) => plan.key));
}

/** The render's steps (their latest retries) that were never sent and can still be cancelled. */
function unsentSteps(parts: SceneParts, render: SceneRender): string[] {
  const ids = [render.speechJobId, render.talkJobId].flatMap((id) => (id ? [parts.renders.latestOf(id)] : []));
  return ids.filter((id) => {
    const job = parts.services.jobs.get(id);
    return job !== null && job.state !== 'cancelled' && transitionProblem(job.state, 'cancelled', job) === null;
  });
}

/** Null when the step went out meanwhile (it is being sent right now): then it is followed to its end like any other. */
function cancelUnsent(parts: SceneParts, jobId: string): Job | null {
  try {
    return parts.services.queue.cancel(jobId);
  } catch (error) {
    if (error instanceof AppFailure && error.code === 'cannot_cancel') return null;
    throw error;
  }
}
