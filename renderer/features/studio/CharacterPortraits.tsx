import { Maximize2 } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { MessageId } from '../../i18n/catalogs.ts';
import type { CharacterView } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { lookOf, useCharacterLookStore } from './characterLookStore.ts';
import { PortraitViewer, type ViewedPortrait } from './PortraitViewer.tsx';
import { useNaturalRatio } from './useNaturalRatio.ts';

/** The shapes shown until a file says its own: a square headshot, a 2:3 full body. */
const USUAL_RATIO = { headshot: 1, fullbody: 2 / 3 } as const;
const LABEL = { headshot: 'studio.portrait.headshot', fullbody: 'studio.portrait.fullbody' } as const satisfies Record<string, MessageId>;
type Which = keyof typeof LABEL;

type PortraitProps = {
  which: Which;
  mediaId: string | null;
  ratio: number;
  frame: RefObject<HTMLDivElement | null>;
  name: string;
  waiting: string;
  onOpen: (portrait: ViewedPortrait) => void;
};

function Portrait({ which, mediaId, ratio, frame, name, waiting, onOpen }: PortraitProps) {
  const intl = useIntl();
  const alt = intl.formatMessage({ id: 'studio.portrait.alt' }, { which, name });
  const picture = <MediaImage mediaId={mediaId} alt={alt} placeholder={waiting} eager />;
  return (
    <figure
      className={`portrait portrait-${which}`}
      data-portrait={which}
      data-media-id={mediaId ?? undefined}
      style={{ '--ratio': ratio } as CSSProperties}
    >
      <div ref={frame} className="portrait-frame media-frame">
        {mediaId ? (
          <button
            type="button"
            className="portrait-open"
            onClick={() => onOpen({ mediaId, title: alt })}
            aria-label={intl.formatMessage({ id: 'studio.portrait.open' }, { portrait: alt })}
          >
            {picture}
            <span className="portrait-zoom" aria-hidden="true">
              <Maximize2 size={16} />
            </span>
          </button>
        ) : (
          picture
        )}
      </div>
      <figcaption>{intl.formatMessage({ id: LABEL[which] })}</figcaption>
    </figure>
  );
}

/**
 * The headshot and the full body as large as a poster, side by side at one height, each at its
 * own shape (its file's ratio once loaded), so nothing is cropped. A click opens one at full size.
 * It shows the version picked in the versions strip, with the way back to the current one.
 */
export function CharacterPortraits({ character }: { character: CharacterView }) {
  const intl = useIntl();
  const { shown, showCurrent } = useCharacterLookStore(useShallow((s) => ({ shown: s.shown, showCurrent: s.showCurrent })));
  const look = lookOf(character, shown);
  const [viewed, setViewed] = useState<ViewedPortrait | null>(null);
  const headshotFrame = useRef<HTMLDivElement>(null);
  const fullbodyFrame = useRef<HTMLDivElement>(null);
  const headshotRatio = useNaturalRatio(headshotFrame, look.headshotMediaId) ?? USUAL_RATIO.headshot;
  const fullbodyRatio = useNaturalRatio(fullbodyFrame, look.fullbodyMediaId) ?? USUAL_RATIO.fullbody;

  // A page opened later starts at the current look.
  useEffect(() => showCurrent, [character.id, showCurrent]);

  const waiting = intl.formatMessage({ id: 'studio.portrait.waiting' }, { status: character.status });
  const created = character.versions.find((version) => version.version === look.version)?.createdAt;
  const common = {
    name: character.name,
    waiting: look.current ? waiting : intl.formatMessage({ id: 'studio.portrait.notDownloaded' }),
    onOpen: setViewed,
  };
  return (
    <section
      className="portraits-section"
      aria-label={intl.formatMessage({ id: 'studio.portrait.look' })}
      data-shown-version={look.version}
    >
      {look.current ? null : (
        <div className="portraits-older">
          <span role="status">
            {intl.formatMessage({ id: 'studio.version' }, { version: look.version })}
            {created ? <span className="muted"> · {formatDateTime(created)}</span> : null}
          </span>
          <Button variant="ghost" size="sm" onClick={showCurrent} data-action="show-current">
            {intl.formatMessage({ id: 'studio.portrait.backTo' }, { version: character.version })}
          </Button>
        </div>
      )}
      <div className="portraits" style={{ '--ratio-sum': headshotRatio + fullbodyRatio } as CSSProperties}>
        <Portrait which="headshot" mediaId={look.headshotMediaId} ratio={headshotRatio} frame={headshotFrame} {...common} />
        <Portrait which="fullbody" mediaId={look.fullbodyMediaId} ratio={fullbodyRatio} frame={fullbodyFrame} {...common} />
      </div>
      <PortraitViewer portrait={viewed} onClose={() => setViewed(null)} />
    </section>
  );
}
