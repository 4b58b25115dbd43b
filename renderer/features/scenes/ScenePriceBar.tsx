import { useShallow } from 'zustand/react/shallow';
import type { AppError, ScenePrice } from '../../../shared/ipc/index.ts';
import type { PriceState } from '../../stores/quotePricer.ts';
import { creditsText, formatCountOf, formatDuration } from '../../ui/format.ts';
import { InlineError } from '../../ui/InlineError.tsx';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { selectLineCounts } from './sceneSelectors.ts';
import { useScenesStore } from './scenesStore.ts';

/** The scene's price as the paid button knows prices: one total, its approval and whether the balance covers it. */
export function scenePriceState(price: ScenePrice | null, pricing: boolean, error: AppError | null): PriceState {
  if (pricing && !price) return { status: 'pricing' };
  if (error) return { status: 'error', error };
  if (!price || price.toRender === 0) return { status: 'idle' };
  return {
    status: 'priced',
    price: {
      quoteId: '',
      credits: price.totalCredits,
      approvalRequired: price.approvalRequired,
      approvalState: price.approvalRequired ? 'pending' : null,
      expiresAt: '',
      balance: price.balance,
      covered: price.covered,
    },
  };
}

/** The total to pay for what is not rendered yet, how long it takes, and the one click that queues it. */
export function ScenePriceBar() {
  const { open, price, pricing, priceError, rendering, renderError, render, refreshPrice } = useScenesStore(
    useShallow((s) => ({
      open: s.scene !== null,
      price: s.price,
      pricing: s.pricing,
      priceError: s.priceError,
      rendering: s.rendering,
      renderError: s.renderError,
      render: s.render,
      refreshPrice: s.refreshPrice,
    })),
  );
  // Counts, not the lines: typing in a line leaves them as they were, so the bar stays as it is.
  const { total, done, busy } = useScenesStore(useShallow(selectLineCounts));
  if (!open) return null;
  const problems = price?.lines.filter((line) => line.problem).length ?? 0;
  const state = scenePriceState(price, pricing, priceError);
  const toRender = price?.toRender ?? 0;

  return (
    <div className="scene-price" data-total-credits={price?.totalCredits} data-to-render={price?.toRender}>
      <h2 className="scene-price-title">Render</h2>
      <dl className="scene-price-facts">
        <div>
          <dt>Lines</dt>
          <dd>
            {done} of {total} rendered{busy > 0 ? `, ${busy} on their way` : ''}
          </dd>
        </div>
        <div>
          <dt>To render</dt>
          <dd>{price ? formatCountOf(toRender, 'line') : '—'}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className="scene-price-total">{price ? creditsText(price.totalCredits) : pricing ? 'Pricing…' : '—'}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{price?.estimateMs ? `about ${formatDuration(price.estimateMs / 1000)}` : '—'}</dd>
        </div>
      </dl>
      {problems > 0 ? (
        <p className="scene-price-problems">{formatCountOf(problems, 'line')} cannot be rendered yet: see the marks beside them.</p>
      ) : null}
      <PriceButton
        label={toRender > 0 ? `Render ${formatCountOf(toRender, 'line')}` : 'Nothing to render'}
        price={state}
        busy={rendering}
        disabled={toRender === 0}
        onClick={() => void render()}
        onRecheck={refreshPrice}
        onRequote={refreshPrice}
        hint={toRender === 0 && done > 0 ? 'Every line is rendered. Edit a line to render it again.' : undefined}
      />
      <InlineError error={renderError} />
    </div>
  );
}
