import { useEffect, useState, type RefObject } from 'react';

export type MediaState = {
  playing: boolean;
  time: number;
  duration: number;
  rate: number;
  volume: number;
  muted: boolean;
};

const EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'seeked', 'durationchange', 'loadedmetadata', 'ratechange', 'volumechange'];

/** The media element's state, followed through its events (the element stays the one truth). */
export function useMediaState(media: RefObject<HTMLMediaElement | null>, src: string): MediaState {
  const [state, setState] = useState<MediaState>({ playing: false, time: 0, duration: 0, rate: 1, volume: 1, muted: false });
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const read = () =>
      setState({
        playing: !element.paused && !element.ended,
        time: element.currentTime,
        duration: Number.isFinite(element.duration) ? element.duration : 0,
        rate: element.playbackRate,
        volume: element.volume,
        muted: element.muted,
      });
    read();
    for (const name of EVENTS) element.addEventListener(name, read);
    return () => {
      for (const name of EVENTS) element.removeEventListener(name, read);
    };
  }, [media, src]);
  return state;
}
