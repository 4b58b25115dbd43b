import { DEFAULT_CAPABILITIES, GENERATION_DEFAULTS, defaultModel, type Capabilities } from '../../../shared/api/index.ts';
import type { JobKind } from '../../../shared/ipc/index.ts';
import type { DurationEstimateStore } from './durationEstimateStore.ts';
import { jobKind } from './jobKinds.ts';

/**
 * What a job is, as far as its duration goes: its kind, the generation's type, and its options
 * (the request's `options`, with `model` beside them). Options that do not change how long a run
 * takes are ignored; ones left out are the service's defaults.
 */
export type EstimateKey = { kind: JobKind; generationType?: 'image' | 'video' | 'talk' | null; options?: Record<string, unknown> };

/** How many of the latest matching runs the median is taken over. */
export const ESTIMATE_RUNS = 9;

/** How many of a kind's latest finished jobs are looked through for matching runs (a rare combination stops there). */
const SCAN_LIMIT = 500;

/** The options that change how long a run takes, per generation type. */
const TIMED_OPTIONS: Record<'image' | 'video' | 'talk', readonly string[]> = {
  image: [],
  video: ['duration', 'quality'],
  talk: ['duration', 'quality'],
};

/**
 * How long a job will take from the service's acceptance to its result, learned from this
 * library's own history: the median of the latest 9 runs of the same kind and the options that
 * matter (a video's or talk clip's model, duration and quality; an image's model), with options
 * left out read as the catalog's defaults. Null until one such run has finished here: no guess
 * from elsewhere.
 */
export class DurationEstimates {
  private readonly store: DurationEstimateStore;
  private readonly catalog: () => Capabilities;

  constructor(store: DurationEstimateStore, catalog: () => Capabilities = () => DEFAULT_CAPABILITIES) {
    this.store = store;
    this.catalog = catalog;
  }

  estimateMs(key: EstimateKey): number | null {
    const catalog = this.catalog();
    const wanted = signatureOf(key, catalog);
    const runs: number[] = [];
    for (const run of this.store.latestRuns(key.kind, SCAN_LIMIT)) {
      if (signatureOf(keyOfBody(key.kind, run.body), catalog) !== wanted) continue;
      runs.push(run.ms);
      if (runs.length === ESTIMATE_RUNS) break;
    }
    return runs.length === 0 ? null : median(runs);
  }

  /** The estimate for a job's request body (the queue fixes it when the job is queued). */
  estimateForBody(kind: JobKind, body: string): number | null {
    return this.estimateMs(keyOfBody(kind, body));
  }
}

/** The estimate key of a request body as the queue keeps it. */
export function keyOfBody(kind: JobKind, body: string): EstimateKey {
  const parsed = JSON.parse(body) as { type?: unknown; model?: unknown; options?: Record<string, unknown> };
  const model = parsed.model === undefined ? {} : { model: parsed.model };
  if (jobKind(kind).makes !== 'generation') return { kind, options: model };
  const type = parsed.type === 'image' || parsed.type === 'video' || parsed.type === 'talk' ? parsed.type : null;
  return { kind, generationType: type, options: { ...parsed.options, ...model } };
}

/** What must be equal for two runs to take about as long, as one string; what a request leaves out is the default (spec 4.2). */
function signatureOf(key: EstimateKey, catalog: Capabilities): string {
  const { model, ...options } = key.options ?? {};
  if (jobKind(key.kind).makes !== 'generation' || !key.generationType) return JSON.stringify([key.kind, model ?? null]);
  const type = key.generationType;
  const defaults: Record<string, unknown> = {
    duration: type === 'talk' ? GENERATION_DEFAULTS.talkDuration : GENERATION_DEFAULTS.videoDuration,
    quality: GENERATION_DEFAULTS.quality,
  };
  const chosenModel = model ?? defaultModel(catalog, type)?.id ?? null;
  return JSON.stringify([key.kind, type, chosenModel, ...TIMED_OPTIONS[type].map((name) => options[name] ?? defaults[name] ?? null)]);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}
