import type { MouseEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore, type Screen } from '../stores/navigationStore.ts';

type SkipTarget = { label: string; selector: string };

/** Where each screen's keyboard users most often head, past its filters and forms. */
function screenTarget(screen: Screen, characterOpen: boolean): SkipTarget | null {
  switch (screen) {
    case 'studio':
      return characterOpen
        ? { label: 'Skip to the generate panel', selector: '#generate-form [data-field="prompt"]' }
        : { label: 'Skip to the cast', selector: '.cast-grid button' };
    case 'gallery':
      return { label: 'Skip to the gallery grid', selector: '.gallery-scroller' };
    case 'credits':
      return { label: 'Skip to the transactions', selector: '.usage-list' };
    case 'queue':
      return { label: 'Skip to the jobs', selector: '.job-list' };
    default:
      return null;
  }
}

/** The first stop of the Tab order, shown only when focused: past the header and navigation. */
export function SkipToContent() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
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
  if (!target) return null;
  return (
    <a className="skip-link" href="#main" onClick={(event) => focusTarget(event, target.selector)} data-skip={screen}>
      {target.label}
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
