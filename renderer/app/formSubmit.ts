import type { FormEvent, KeyboardEvent } from 'react';
import { commandKey } from './useShortcuts.ts';

type Submit = () => unknown;

/** Ctrl/⌘+Enter anywhere inside, a multi-line prompt included, sends (the forms' hints say so). */
export function submitOnCommandEnter(submit: Submit): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key === 'Enter' && commandKey(event)) {
      event.preventDefault();
      void submit();
    }
  };
}

/**
 * A form's own submit (Enter in a field, the submit button) and Ctrl/⌘+Enter both call `submit`;
 * neither reloads the page.
 */
export function formSubmitHandlers(submit: Submit): { onSubmit: (event: FormEvent) => void; onKeyDown: (event: KeyboardEvent) => void } {
  return {
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
    onKeyDown: submitOnCommandEnter(submit),
  };
}
