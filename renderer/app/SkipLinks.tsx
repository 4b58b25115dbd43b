import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalogs.ts';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore, type Screen } from '../stores/navigationStore.ts';

type SkipTarget = { label: MessageId; selector: string };

/** Where each screen's keyboard users most often head, past its filters and forms. */
function screenTarget(screen: Screen, characterOpen: boolean): SkipTarget | null {
  switch (screen) {
    case 'studio':
      return characterOpen
        ? { label: 'app.skip.generate', selector: '#generate-form [data-field="prompt"]' }
        : { label: 'app.skip.cast', selector: '.cast-grid button' };
    case 'gallery':
      return { label: 'app.skip.gallery', selector: '.gallery-scroller' };
    case 'credits':
      return { label: 'app.skip.transactions', selector: '.usage-list' };
    case 'queue':
      return { label: 'app.skip.jobs', selector: '.job-list' };
    default:
      return null;
  }
}

/** The first stop of the Tab order, shown only when focused: past the header and navigation. */
export function SkipToContent() {
  const intl = useIntl();
  return (
    <a className="skip-link" href="#main">
      {intl.formatMessage({ id: 'app.skip.content' })}
    </a>
  );
}

/**
 * The first stop inside the screen (where the focus lands on moving to it, or after "Skip to
 * content"), shown only when focused: to the one place a keyboard user most often wants on this
 * screen (the gallery grid, the generate panel), so reaching it takes a few presses rather than a
 * walk through every filter.
 */
export function SkipToScreenTarget() {
  const { screen, characterOpen } = useNavigationStore(useShallow((s) => ({ screen: s.screen, characterOpen: s.characterId !== null })));
  const target = screenTarget(screen, characterOpen);
  const intl = useIntl();
  if (!target) return null;
  return (
    <a className="skip-link" href="#main" onClick={(event) => focusTarget(event, target.selector)} data-skip={screen}>
      {intl.formatMessage({ id: target.label })}
    </a>
  );
}
/** The target may not be focusable by an anchor's own jump (a grid, a field): focus it directly. */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, selector: string): void {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) return;
  event.preventDefault();
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.tabIndex = -1;
  element.focus();
  element.scrollIntoView({ block: 'nearest' });
}
