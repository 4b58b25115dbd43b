import { useEffect, useState, type RefObject } from 'react';

/**
 * The width-to-height ratio of the image inside `frame`, read from the file itself once it has
 * loaded, so a frame can take the picture's own shape instead of cropping it to a guessed one.
 * Null until the image of `mediaId` has loaded (the caller shows its usual shape meanwhile).
 */
export function useNaturalRatio(frame: RefObject<HTMLElement | null>, mediaId: string | null | undefined): number | null {
  const [known, setKnown] = useState<{ mediaId: string; ratio: number } | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || !mediaId) return;
    const read = (image: HTMLImageElement) => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0) setKnown({ mediaId, ratio: image.naturalWidth / image.naturalHeight });
    };
    const current = element.querySelector('img');
    if (current?.complete) read(current);
    // `load` does not bubble, but it passes ancestors on its way down: listen while capturing.
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement) read(event.target);
    };
    element.addEventListener('load', onLoad, true);
    return () => element.removeEventListener('load', onLoad, true);
  }, [frame, mediaId]);

  return known && known.mediaId === mediaId ? known.ratio : null;
}
