import { Image as ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { mediaUrl, useAppInfoStore } from '../stores/appInfoStore.ts';

type MediaImageProps = {
  mediaId: string | null | undefined;
  alt: string;
  className?: string;
  /** Shown while there is no media yet (still generating, or not downloaded). */
  placeholder?: string;
  eager?: boolean;
};

/** An image of the local library, addressed by content id through the host's media base. */
export function MediaImage({ mediaId, alt, className, placeholder, eager = false }: MediaImageProps) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = mediaUrl(mediaBase, mediaId);
  if (!src || failedSrc === src) {
    return (
      <div
        className={`media-placeholder ${className ?? ''}`}
        {...(alt ? { role: 'img', 'aria-label': placeholder ? `${alt}: ${placeholder}` : alt } : { 'aria-hidden': true })}
      >
        <ImageIcon size={28} aria-hidden="true" />
        {placeholder ? <span className="media-placeholder-text">{placeholder}</span> : null}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      className={`media-image ${className ?? ''}`}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-media-id={mediaId}
      onError={() => setFailedSrc(src)}
    />
  );
}
