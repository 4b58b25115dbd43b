import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Pause, Play } from 'lucide-react';
import './mediaPlayer.css';

/**
 * A round play button for a short clip (a voice's preview on its card): the media player's play
 * control alone, for places where a scrub bar would be more than the clip needs.
 */
export function PlayButton({ src, label }: { src: string; label: string }) {
  const intl = useIntl();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const follow = () => setPlaying(!element.paused && !element.ended);
    for (const name of ['play', 'pause', 'ended']) element.addEventListener(name, follow);
    return () => {
      for (const name of ['play', 'pause', 'ended']) element.removeEventListener(name, follow);
    };
  }, []);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  return (
    <>
      <button
        type="button"
        className="media-button media-play"
        aria-label={intl.formatMessage({ id: playing ? 'ui.player.pause' : 'ui.player.play' }, { label })}
        onClick={toggle}
      >
        {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
      </button>
      <audio ref={audio} src={src} preload="none" />
    </>
  );
}
