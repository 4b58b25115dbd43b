import { X } from 'lucide-react';
import { useId, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { ModalDialog } from '../../ui/Dialog.tsx';

export type ViewedPortrait = { mediaId: string; title: string };

/** One portrait at full size over the page: Escape, the ✕ or a click beside the picture closes it. */
export function PortraitViewer({ portrait, onClose }: { portrait: ViewedPortrait | null; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const closeOnBackdrop = (event: MouseEvent<HTMLElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  return (
    <ModalDialog open={portrait !== null} onClose={onClose} labelledBy={titleId} className="portrait-viewer" name="portrait">
      {portrait ? (
        <div className="portrait-viewer-body" onClick={closeOnBackdrop}>
          <header className="portrait-viewer-header">
            <h2 id={titleId} className="portrait-viewer-title">
              {portrait.title}
            </h2>
            <button
              type="button"
              className="card-action"
              onClick={onClose}
              aria-label={intl.formatMessage({ id: 'ui.dialog.close' })}
              data-autofocus
            >
              <X size={18} aria-hidden="true" />
            </button>
          </header>
          <div className="portrait-viewer-picture" onClick={closeOnBackdrop}>
            <MediaImage mediaId={portrait.mediaId} alt={portrait.title} eager />
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
