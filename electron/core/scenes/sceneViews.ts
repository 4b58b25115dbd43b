import {
  sceneStateOf,
  UNRENDERED_LINE_FIELDS,
  type Scene,
  type SceneLine,
  type SceneLineInput,
  type SceneSummary,
} from '../../../shared/ipc/scenes.ts';
import { appError } from '../../../shared/ipc/index.ts';
import { planLine, type LinePlan } from './linePlan.ts';
import { claimHolders } from './claimHolders.ts';
import type { SceneParts } from './sceneServices.ts';
import type { SceneRender } from './sceneRenderStore.ts';
import type { SceneRecord } from './sceneStore.ts';

/** The plans of a scene's lines as the library stands now (character versions, cast voices, voices, clips). */
export function planLines(parts: SceneParts, record: Pick<SceneRecord, 'quality'>, lines: readonly SceneLineInput[]): LinePlan[] {
  const characterIds = lines.flatMap((l) => (l.characterId ? [l.characterId] : []));
  const characterVersions = parts.scenes.characterVersions(characterIds);
  const castVoices = parts.cast.many(characterIds);
  const voices = new Map<string, boolean>();
  const hasVoice = (id: string): boolean => {
    if (!voices.has(id)) voices.set(id, parts.cast.voice(id) !== null);
    return voices.get(id) as boolean;
  };
  const hasClip = (id: string): boolean => Boolean(parts.services.queries.item(id)?.mediaId);
  return lines.map((line) => planLine(line, { quality: record.quality, characterVersions, castVoices, hasVoice, hasClip }));
}

/** A scene with each line's state: the render of its current content key, if any. */
export function sceneView(parts: SceneParts, record: SceneRecord): Scene {
  const plans = planLines(parts, record, parts.scenes.lines(record.id));
  const renders = parts.renders.many(plans.filter((p) => p.line.kind !== 'clip').map((p) => p.key));
  const holderOf = claimHolders(parts, record.id);
  return {
    id: record.id,
    title: record.title,
    aspect: record.aspect,
    quality: record.quality,
    lines: plans.map((plan) => lineView(parts, plan, renders.get(plan.key) ?? null, holderOf)),
    collectionId: record.collectionId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** One line with its state, as `sceneView` shows it (an answer to typing in it). */
export function sceneLineView(parts: SceneParts, record: SceneRecord, line: SceneLineInput): SceneLine {
  const [plan] = planLines(parts, record, [line]) as [LinePlan];
  const render = plan.line.kind === 'clip' ? null : (parts.renders.many([plan.key]).get(plan.key) ?? null);
  return lineView(parts, plan, render, claimHolders(parts, record.id));
}

export function sceneSummary(parts: SceneParts, record: SceneRecord): SceneSummary {
  const scene = sceneView(parts, record);
  const problems = new Set(planLines(parts, record, scene.lines).flatMap((plan) => (plan.problem ? [plan.line.id] : [])));
  const castMediaIds: string[] = [];
  for (const id of new Set(scene.lines.flatMap((l) => (l.kind === 'talk' && l.characterId ? [l.characterId] : [])))) {
    const headshot = parts.services.queries.character(id)?.headshotMediaId;
    if (headshot) castMediaIds.push(headshot);
    if (castMediaIds.length === 4) break;
  }
  return {
    id: scene.id,
    title: scene.title,
    lineCount: scene.lines.length,
    doneCount: scene.lines.filter((l) => l.state === 'done').length,
    castMediaIds,
    state: sceneStateOf(scene.lines.map((line) => ({ state: line.state, problem: problems.has(line.id) }))),
    updatedAt: scene.updatedAt,
  };
}

function lineView(parts: SceneParts, plan: LinePlan, render: SceneRender | null, holderOf: (key: string) => string | null): SceneLine {
  const base = { ...plan.line, ...UNRENDERED_LINE_FIELDS, key: plan.key };
  if (plan.line.kind === 'clip') {
    // A gallery clip plays as it is: nothing to render, ready once its file is in the library.
    const item = plan.line.clipItemId ? parts.services.queries.item(plan.line.clipItemId) : null;
    if (!item?.mediaId)
      return { ...base, state: 'draft', error: plan.problem ? appError('line_not_ready', { problem: plan.problem }) : null };
    return { ...base, state: 'done', mediaId: item.mediaId, mediaType: item.mediaType, thumbId: item.thumbId };
  }
  // Another machine of the space renders this content now: this one waits for its result.
  const holder = !plan.problem && (!render || render.state === 'failed') ? holderOf(plan.key) : null;
  if (holder) return { ...base, state: 'rendering', renderingOn: holder };
  if (!render) return { ...base, state: 'draft' };
  return {
    ...base,
    state: render.state,
    speechJobId: render.speechJobId,
    talkJobId: render.talkJobId,
    audioId: render.audioId,
    generationId: render.generationId,
    mediaId: render.mediaId,
    mediaType: render.mediaType,
    thumbId: render.generationId ? (parts.services.queries.item(render.generationId)?.thumbId ?? null) : null,
    durationMs: render.durationMs,
    error: render.error,
  };
}
