import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useEffect } from 'react';
import { SCREENS, useNavigationStore } from '../stores/navigationStore.ts';
import { useStudioStore } from '../features/studio/studioStore.ts';

/** Whether the platform's command key is held: ⌘ on macOS, Ctrl elsewhere. */
export function commandKey(event: KeyboardEvent | ReactKeyboardEvent): boolean {
  return event.metaKey || event.ctrlKey;
}

function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * App-wide keys: Ctrl/⌘+1…7 switch screens, Ctrl/⌘+N creates a character, "/" searches the cast.
 * Keys are ignored while a modal dialog is open (it owns the keyboard then).
 */
export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A plain letter typed into a field is no shortcut: it leaves before any look at the document.
      if (event.defaultPrevented || (!commandKey(event) && event.key !== '/')) return;
      if (document.querySelector('dialog[open]')) return;
      const navigation = useNavigationStore.getState();
      if (commandKey(event) && !event.shiftKey && !event.altKey && /^[1-7]$/.test(event.key)) {
        const screen = SCREENS[Number(event.key) - 1];
        if (screen) {
          event.preventDefault();
          navigation.go(screen);
        }
        return;
      }
      if (commandKey(event) && !event.shiftKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        navigation.go('studio');
        navigation.closeCharacter();
        useStudioStore.getState().openCreate();
        return;
      }
      if (event.key === '/' && !commandKey(event) && !typingInField(event.target)) {
        event.preventDefault();
        navigation.go('studio');
        navigation.closeCharacter();
        useStudioStore.getState().requestSearchFocus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

export const SHORTCUT_HINT = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl';
