import { useCallback, useState } from 'react';

/**
 * Where a popover opened from a trigger is drawn. The app's modals are native <dialog>s shown with
 * showModal(), which makes everything outside them inert and draws them in the top layer: a popover
 * portalled to <body> would sit behind the dialog and take no clicks. Inside a dialog it is drawn in
 * that dialog; elsewhere on the page, in <body> (undefined). Give `placeTrigger` to the trigger as its ref.
 */
export function usePortalContainer(): [container: Element | undefined, placeTrigger: (node: Element | null) => void] {
  const [container, setContainer] = useState<Element | undefined>(undefined);
  const placeTrigger = useCallback((node: Element | null) => setContainer(node?.closest('dialog') ?? undefined), []);
  return [container, placeTrigger];
}
