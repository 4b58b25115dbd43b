import type { GenerationType } from '../../../shared/api/index.ts';
import { RESULTS_PER_CLICK } from '../../../shared/api/limits.ts';
import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import type { Price } from '../../../shared/ipc/index.ts';
import { QuotePricer, type PriceState } from '../../stores/quotePricer.ts';
import { usesSpeech, type BuiltGeneration, type GenerateForm, type GenerationBody, type SpeechStep } from './buildGeneration.ts';
import { hasIssues } from './panelIssues.ts';
import { pricingAudioUrl } from './pricingAudio.ts';

type CountedForm = GenerateForm & { count: Record<GenerationType, number> };

/** How many results a click on this form makes: a talk clip made with speech first is always one. */
export function countOf(state: CountedForm): number {
  return usesSpeech(state) ? 1 : Math.min(RESULTS_PER_CLICK[state.type], state.count[state.type]);
}

/**
 * The price on the generate button: the clip's quote, plus the speech's when the queue makes it
 * first, or one quote per result of a click that makes several.
 */
export class GeneratePricing {
  private clipPrice: PriceState = { status: 'idle' };
  private speechPrice: PriceState = { status: 'idle' };
  /** An audio file on the service the clip is priced with while its speech does not exist yet. */
  private pricingAudio: string | null = null;
  // The second to fourth result of one click are paid on their own quotes (spec 4.3: a quote binds one submission).
  private readonly extraPrices: PriceState[] = [{ status: 'idle' }, { status: 'idle' }, { status: 'idle' }];
  private readonly clipPricer: QuotePricer;
  private readonly speechPricer: QuotePricer;
  private readonly extraPricers: QuotePricer[];
  private readonly form: () => CountedForm;
  private readonly show: (price: PriceState) => void;
  private readonly recompute: () => void;

  /** `form` reads the form, `show` puts the price on the button, `recompute` prices the form again. */
  constructor(form: () => CountedForm, show: (price: PriceState) => void, recompute: () => void) {
    this.form = form;
    this.show = show;
    this.recompute = recompute;
    this.clipPricer = new QuotePricer((state) => {
      this.clipPrice = state;
      this.publish();
    });
    this.speechPricer = new QuotePricer((state) => {
      this.speechPrice = state;
      this.publish();
    });
    this.extraPricers = this.extraPrices.map(
      (_, i) =>
        new QuotePricer((state) => {
          this.extraPrices[i] = state;
          this.publish();
        }),
    );
  }

  /** Asks for the price of what the form would submit (debounced by the pricers); none while it has issues. */
  request(built: BuiltGeneration): void {
    if (hasIssues(built.issues)) {
      this.clipPricer.request(null);
      this.speechPricer.request(null);
      for (const pricer of this.extraPricers) pricer.request(null);
      return;
    }
    if (built.speech) return this.requestWithSpeech(built.body, built.speech);
    this.speechPricer.request(null);
    const query = { operationId: OPERATION_IDS.createGeneration, input: built.body };
    this.clipPricer.request(query);
    const extra = countOf(this.form()) - 1;
    this.extraPricers.forEach((pricer, i) => pricer.request(i < extra ? query : null));
    this.publish();
  }

  /** Prices every quote of the click at once (a stale price at submission); resolves with their sum. */
  async refreshNow(withSpeech: boolean, count: number): Promise<PriceState> {
    const [clip, speech, ...extras] = await Promise.all([
      this.clipPricer.refreshNow(),
      withSpeech ? this.speechPricer.refreshNow() : Promise.resolve(this.speechPrice),
      ...this.extraPricers.slice(0, count - 1).map((pricer) => pricer.refreshNow()),
    ]);
    return withSpeech ? combine(clip, speech) : combine(clip, ...extras);
  }

  /** The quote of each result of a click of `count`, in order. */
  quoteIds(count: number): string[] {
    return quoteIdsOf([this.clipPrice, ...this.extraPrices.slice(0, count - 1)]);
  }

  /** A quote pays for one submission: the next click gets fresh ones. */
  invalidate(): void {
    this.clipPricer.invalidate();
    this.speechPricer.invalidate();
    for (const pricer of this.extraPricers) pricer.invalidate();
  }

  /** Reads the shown quotes again: their approval state and whether the balance covers them now. */
  async reread(): Promise<void> {
    await Promise.all([
      ...this.resultPricers().map((pricer) => pricer.reread()),
      usesSpeech(this.form()) ? this.speechPricer.reread() : Promise.resolve(),
    ]);
  }

  /** New quotes for the same options (after a rejection or a revocation). */
  async requote(): Promise<void> {
    await Promise.all([
      ...this.resultPricers().map((pricer) => pricer.refreshNow()),
      usesSpeech(this.form()) ? this.speechPricer.refreshNow() : Promise.resolve(this.speechPrice),
    ]);
  }

  cancel(): void {
    this.clipPricer.cancel();
    this.speechPricer.cancel();
    for (const pricer of this.extraPricers) pricer.cancel();
    this.extraPrices.fill({ status: 'idle' });
    this.clipPrice = { status: 'idle' };
    this.speechPrice = { status: 'idle' };
    this.pricingAudio = null;
  }

  /** The speech is priced on its own; the clip with a stand-in audio file until the speech exists. */
  private requestWithSpeech(body: GenerationBody, speech: SpeechStep): void {
    for (const pricer of this.extraPricers) pricer.request(null);
    this.speechPricer.request({
      operationId: OPERATION_IDS.createAudio,
      input: { voice_id: speech.voice_id, text: speech.text, emotion: speech.emotion },
    });
    if (this.pricingAudio) {
      this.clipPricer.request({
        operationId: OPERATION_IDS.createGeneration,
        input: { ...body, options: { ...body.options, audio_url: this.pricingAudio } },
      });
      return;
    }
    this.clipPricer.request(null);
    this.show({ status: 'pricing' });
    void pricingAudioUrl().then((url) => {
      if (url) {
        this.pricingAudio = url;
        this.recompute();
      } else if (usesSpeech(this.form())) {
        this.show({ status: 'error', error: { code: 'service_unavailable', params: {} } });
      }
    });
  }

  /** The pricers of this click's results: the first, then one per further result. */
  private resultPricers(): QuotePricer[] {
    return [this.clipPricer, ...this.extraPricers.slice(0, countOf(this.form()) - 1)];
  }

  private publish(): void {
    const state = this.form();
    const extra = countOf(state) - 1;
    this.show(
      usesSpeech(state)
        ? combine(this.clipPrice, this.speechPrice)
        : extra > 0
          ? combine(this.clipPrice, ...this.extraPrices.slice(0, extra))
          : this.clipPrice,
    );
  }
}

/**
 * Adds quotes into the one price the button shows: the clip's and its speech's, or one quote per
 * result of a click that makes several. The first quote's id stands for the whole.
 */
function combine(...states: readonly PriceState[]): PriceState {
  const failed = states.find((state) => state.status === 'error');
  if (failed) return failed;
  const prices = states.flatMap((state) => (state.status === 'priced' ? [state.price] : []));
  const [first] = prices;
  if (!first || prices.length !== states.length)
    return states.some((state) => state.status === 'idle') ? { status: 'idle' } : { status: 'pricing' };
  const credits = prices.reduce((sum, p) => sum + p.credits, 0);
  const balance = prices.find((p) => p.balance !== null)?.balance ?? null;
  const approvalRequired = prices.some((p) => p.approvalRequired);
  const approvalState =
    prices.find((p) => p.approvalRequired && p.approvalState !== 'approved')?.approvalState ?? (approvalRequired ? 'approved' : null);
  const price: Price = {
    // With speech, core takes the clip's quote as its estimate for the spend guard and prices the speech itself.
    quoteId: first.quoteId,
    credits,
    approvalRequired,
    approvalState,
    expiresAt: prices.reduce((soonest, p) => (p.expiresAt < soonest ? p.expiresAt : soonest), first.expiresAt),
    balance,
    covered: balance === null || credits <= balance,
  };
  return { status: 'priced', price };
}

/** The quote of each result, in order (only priced states reach a submission). */
function quoteIdsOf(states: readonly PriceState[]): string[] {
  return states.flatMap((state) => (state.status === 'priced' ? [state.price.quoteId] : []));
}
