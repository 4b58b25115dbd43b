import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, ScenePrice } from '../../../shared/ipc/index.ts';
import type { PriceState } from '../../stores/quotePricer.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
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
  const intl = useIntl();
  const formats = useFormats();
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
      <h2 className="scene-price-title">{intl.formatMessage({ id: 'scenes.price.title' })}</h2>
      <dl className="scene-price-facts">
        <div>
          <dt>{intl.formatMessage({ id: 'scenes.price.lines' })}</dt>
          <dd>{intl.formatMessage({ id: busy > 0 ? 'scenes.price.renderedBusy' : 'scenes.price.rendered' }, { done, total, busy })}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'scenes.price.toRender' })}</dt>
          <dd>{price ? intl.formatMessage({ id: 'scenes.price.lineCount' }, { count: toRender }) : '—'}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'scenes.price.price' })}</dt>
          <dd className="scene-price-total">
            {price ? formats.credits(price.totalCredits) : pricing ? intl.formatMessage({ id: 'scenes.price.pricing' }) : '—'}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'scenes.price.time' })}</dt>
          <dd>
            {price?.estimateMs
              ? intl.formatMessage({ id: 'scenes.price.about' }, { duration: formats.duration(price.estimateMs / 1000) })
              : '—'}
          </dd>
        </div>
      </dl>
      {problems > 0 ? (
        <p className="scene-price-problems">{intl.formatMessage({ id: 'scenes.price.problems' }, { count: problems })}</p>
      ) : null}
      <PriceButton
        label={
          toRender > 0
            ? intl.formatMessage({ id: 'scenes.price.render' }, { count: toRender })
            : intl.formatMessage({ id: 'scenes.price.nothing' })
        }
        price={state}
        busy={rendering}
        disabled={toRender === 0}
        onClick={() => void render()}
        onRecheck={refreshPrice}
        onRequote={refreshPrice}
        hint={toRender === 0 && done > 0 ? intl.formatMessage({ id: 'scenes.price.allDone' }) : undefined}
      />
      <InlineError error={renderError} />
    </div>
  );
}
