import type { LinePlan } from './linePlan.ts';
import type { SceneRender } from './sceneRenderStore.ts';
import type { SceneParts } from './sceneServices.ts';

/**
 * What a line needs sent: nothing (a clip, a line with a problem, or content rendered or under way
 * already: reused, never paid again), its speech, its speech and talk clip, or only its talk clip
 * (its speech was made and paid; the clip failed).
 */
export type LineSteps = 'none' | 'speech' | 'both' | 'talk';

export type LineNeed = { plan: LinePlan; render: SceneRender | null; steps: LineSteps };

export function lineNeeds(parts: SceneParts, plans: readonly LinePlan[]): LineNeed[] {
  const renders = parts.renders.many(plans.map((p) => p.key));
  return plans.map((plan) => {
    const render = renders.get(plan.key) ?? null;
    return { plan, render, steps: stepsOf(parts, plan, render) };
  });
}

function stepsOf(parts: SceneParts, plan: LinePlan, render: SceneRender | null): LineSteps {
  if (plan.line.kind === 'clip' || plan.problem) return 'none';
  const full = plan.line.kind === 'talk' ? 'both' : 'speech';
  if (!render) return full;
  if (render.state !== 'failed') return 'none';
  if (plan.line.kind !== 'talk' || !render.speechJobId) return full;
  const speech = parts.services.jobs.get(parts.renders.latestOf(render.speechJobId));
  return speech?.state === 'done' && speech.resource_id ? 'talk' : full;
}

/** Whether the line's content was rendered already (or is being rendered): it costs nothing now. */
export function isReused(need: LineNeed): boolean {
  return need.plan.line.kind === 'clip' || (need.render !== null && need.render.state !== 'failed');
}
