import { OPERATION_IDS, type Quote } from '../../../shared/api/index.ts';
import { canonicalJson } from '../../../shared/api/canonicalJson.ts';
import type { ScenePrice } from '../../../shared/ipc/scenes.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { DEFAULT_CONCURRENCY } from '../jobs/jobQueue.ts';
import { createQuote } from '../quotes/quotePrice.ts';
import { DEFAULT_TALK_SECONDS } from './linePlan.ts';
import { isReused, type LineNeed } from './lineNeeds.ts';
import { pricingAudioUrl } from './pricingAudio.ts';
import type { SceneParts, SceneServices } from './sceneServices.ts';

type LinePrice = ScenePrice['lines'][number];

/** Quotes stay usable this long before their expiry for a price shown again (the editor asks as the creator types). */
const QUOTE_MARGIN_MS = 60_000;
const quoteCache = new WeakMap<SceneServices, Map<string, Quote>>();

/**
 * The exact price of what a scene would send, from quotes (free, side-effect free): a talk line is
 * its speech plus its talk clip, a narrator line its speech, a clip line nothing; a line whose
 * content was rendered already is reused at no cost. With the time it should take.
 */
export async function priceScene(parts: SceneParts, needs: readonly LineNeed[]): Promise<ScenePrice> {
  const { services } = parts;
  if (!services.canSend()) throw new AppFailure('offline', { doing: 'scene_price' });
  const audioUrl = needs.some((n) => n.steps === 'both' || n.steps === 'talk') ? await pricingAudioUrl(parts) : null;
  const lines: LinePrice[] = [];
  const quotes: Quote[] = [];
  for (const need of needs) {
    const line = await priceLine(services, need, audioUrl);
    lines.push(line.price);
    quotes.push(...line.quotes);
  }
  const totalCredits = lines.reduce((sum, l) => sum + (l.credits ?? 0), 0);
  const balance = services.credits.balance();
  const available = balance === null ? null : balance - services.queue.pendingCredits();
  const estimate = sceneEstimate(parts, needs);
  return {
    lines,
    totalCredits,
    toRender: needs.filter((n) => n.steps !== 'none').length,
    estimateMs: estimate.ms,
    estimateBasis: estimate.basis,
    balance,
    covered: available === null || totalCredits <= available,
    approvalRequired: quotes.some((q) => q.approval.required && q.approval.state !== 'approved'),
  };
}

async function priceLine(services: SceneServices, need: LineNeed, audioUrl: string | null): Promise<{ price: LinePrice; quotes: Quote[] }> {
  const { plan, steps } = need;
  const price: LinePrice = { lineId: plan.line.id, credits: 0, reused: isReused(need), problem: plan.problem, estimateMs: null };
  if (plan.problem) return { price: { ...price, credits: null }, quotes: [] };
  const quotes: Quote[] = [];
  if ((steps === 'speech' || steps === 'both') && plan.speech) quotes.push(await quoteOf(services, OPERATION_IDS.createAudio, plan.speech));
  if ((steps === 'both' || steps === 'talk') && plan.talk) {
    // No sound of this account to quote the clip with (a service that takes no uploads, before any
    // speech was made): its price is known only once its speech exists, and the queue asks then.
    if (!audioUrl) return { price: { ...price, credits: null }, quotes };
    quotes.push(
      await quoteOf(services, OPERATION_IDS.createGeneration, { ...plan.talk, options: { ...plan.talk.options, audio_url: audioUrl } }),
    );
  }
  return { price: { ...price, credits: quotes.reduce((sum, q) => sum + q.credits, 0) }, quotes };
}

/** A quote for this exact input, reused while it is fresh (the same line priced again costs the service nothing new). */
async function quoteOf(services: SceneServices, operationId: string, input: object): Promise<Quote> {
  let cache = quoteCache.get(services);
  if (!cache) quoteCache.set(services, (cache = new Map<string, Quote>()));
  const id = `${operationId} ${canonicalJson(input)}`;
  const known = cache.get(id);
  if (known && Date.parse(known.expires_at) - Date.now() > QUOTE_MARGIN_MS && !known.approval.required) return known;
  const quote = await createQuote(services, operationId, input as Record<string, unknown>, null);
  cache.set(id, quote);
  return quote;
}

/** `history`: from this library's own earlier runs; `floor`: some line has none, so its talk duration stands in as a lower bound. */
export type EstimateBasis = 'history' | 'floor';

/**
 * How long the lines to render should take: each line is its speech then its clip (a chain), and
 * lines run side by side up to the queue's concurrency. A line with no run of its kind in the
 * library's history counts its clip's own duration as the floor.
 */
function sceneEstimate(parts: SceneParts, needs: readonly LineNeed[]): { ms: number | null; basis: EstimateBasis } {
  const estimates = parts.services.queue.estimates;
  let basis: EstimateBasis = 'history';
  const perLine: number[] = [];
  for (const need of needs) {
    if (need.steps === 'none') continue;
    const { speech, talk } = need.plan;
    const speechMs = need.steps === 'talk' || !speech ? 0 : estimates.estimateForBody('audio.create', canonicalJson(speech));
    const talkMs = need.steps === 'speech' || !talk ? 0 : estimates.estimateForBody('generation.create', canonicalJson(talk));
    if (speechMs === null || talkMs === null) {
      basis = 'floor';
      perLine.push((talk?.options.duration ?? (talk ? DEFAULT_TALK_SECONDS : 1)) * 1000);
    } else perLine.push(speechMs + talkMs);
  }
  if (perLine.length === 0) return { ms: 0, basis };
  const lanes = DEFAULT_CONCURRENCY['generation.create'];
  return { ms: Math.round(Math.max(Math.max(...perLine), perLine.reduce((a, b) => a + b, 0) / lanes)), basis };
}
