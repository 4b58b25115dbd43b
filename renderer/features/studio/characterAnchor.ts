import { useEffect } from 'react';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { scrollWithinMain } from './scrollWithinMain.ts';

/**
 * The places of a character's page another screen can open it at, as the address's anchor
 * (`#voice`), each with what takes the focus there: the generate panel's prompt, the voice section.
 */
const ANCHORS = {
  generate: '#generate-form [data-field="prompt"]',
  voice: '#voice',
} as const;
export type CharacterAnchor = keyof typeof ANCHORS;

/** How long a page may take to show the anchored section before the landing gives up. */
const LANDING_PATIENCE_MS = 10_000;

/** Opens a character's page at one of its sections (the cast card's quick actions). */
export function openCharacterAt(characterId: string, anchor: CharacterAnchor): void {
  history.replaceState(history.state, '', `#${anchor}`);
  useNavigationStore.getState().openCharacter(characterId);
}

function anchorOfAddress(): CharacterAnchor | null {
  const name = location.hash.slice(1);
  return name in ANCHORS ? (name as CharacterAnchor) : null;
}

function clearAnchor(): void {
  if (anchorOfAddress()) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

function land(target: HTMLElement): void {
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
  scrollWithinMain(target, 'start');
  target.focus({ preventScroll: true });
}

/**
 * On a character's page opened at an anchor, scrolls to that section and puts the focus there as
 * soon as the page shows it (a section may render after the character loads). Leaving the page
 * drops the anchor, so the next page opens at its top.
 */
export function useCharacterAnchor(characterId: string | null): void {
  useEffect(() => {
    if (!characterId) {
      clearAnchor();
      return;
    }
    const anchor = anchorOfAddress();
    const main = document.getElementById('main');
    if (!anchor || !main) return;
    const selector = ANCHORS[anchor];
    const tryLanding = () => {
      const target = main.querySelector<HTMLElement>(selector);
      if (!target) return false;
      land(target);
      return true;
    };
    if (tryLanding()) return;
    const observer = new MutationObserver(() => {
      if (tryLanding()) stop();
    });
    const timer = setTimeout(() => stop(), LANDING_PATIENCE_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [characterId]);
}
