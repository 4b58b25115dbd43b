import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { StatusBadge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { creditsText, formatDateTime } from '../../ui/format.ts';
import { Waveform } from '../../ui/Waveform.tsx';
import { useTracksStore } from './tracksStore.ts';
import { formatCount } from '../../ui/format.ts';

/** The speech tracks, each with a player and its waveform. */
export function TrackList() {
  const { tracks, total, loaded, error, notice, pendingDelete, load, askDelete, confirmDelete } = useTracksStore(
    useShallow((s) => ({
      tracks: s.tracks,
      total: s.total,
      loaded: s.loaded,
      error: s.error,
      notice: s.notice,
      pendingDelete: s.pendingDelete,
      load: s.load,
      askDelete: s.askDelete,
      confirmDelete: s.confirmDelete,
    })),
  );
  return (
    <section className="track-list lib-panel" aria-labelledby="tracks-heading">
      <h2 id="tracks-heading" className="lib-section-title">
        Tracks <span className="lib-section-count">{formatCount(total)}</span>
      </h2>
      <div aria-live="polite">{notice && <p className="status-notice">{notice}</p>}</div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {loaded && tracks.length === 0 ? (
        <EmptyState title="No speech yet">Write a line, choose a voice and make speech; the tracks appear here.</EmptyState>
      ) : (
        <ul className="tracks" data-testid="tracks">
          {tracks.map((track) => (
            <TrackRow key={track.id} track={track} />
          ))}
        </ul>
      )}
      {tracks.length < total && (
        <Button size="sm" onClick={() => void load(true)}>
          Show more tracks
        </Button>
      )}
      <Dialog
        open={pendingDelete !== null}
        onClose={() => askDelete(null)}
        title="Delete this track?"
        size="sm"
        name="delete-track"
        footer={
          <>
            <Button onClick={() => askDelete(null)}>Cancel</Button>
            <Button variant="danger" onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p>“{pendingDelete?.title}” is deleted from the service and from this computer. This cannot be undone.</p>
      </Dialog>
    </section>
  );
}

function TrackRow({ track }: { track: LibraryItem }) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const online = useConnectionStore((s) => s.connection?.online ?? true);
  const { download, askDelete } = useTracksStore(useShallow((s) => ({ download: s.download, askDelete: s.askDelete })));
  const audio = useRef<HTMLAudioElement | null>(null);
  const src = track.downloaded ? mediaUrl(mediaBase, track.mediaId) : null;
  const ready = track.status === 'ready' || track.status === 'completed';

  return (
    <li className="track" data-track-id={track.id} data-status={track.status}>
      <div className="track-head">
        <span className="track-name">{track.title}</span>
        <StatusBadge status={track.status} />
        <span className="track-meta">
          {formatDateTime(track.createdAt)}
          {track.creditsUsed !== null ? ` · ${creditsText(track.creditsUsed)}` : ''}
        </span>
      </div>
      {track.prompt && <p className="track-text">{track.prompt}</p>}
      {src ? (
        <div className="track-player">
          <Waveform src={src} audio={audio} label={track.title} height={48} />
          <audio ref={audio} src={src} controls preload="metadata" aria-label={`Play ${track.title}`} />
        </div>
      ) : (
        <p className="track-missing">
          {track.status === 'failed'
            ? (track.errorMessage ?? 'This track failed.')
            : !ready
              ? 'Being made…'
              : online
                ? 'Downloading…'
                : 'Not downloaded yet: it downloads when the connection returns.'}
        </p>
      )}
      <div className="track-actions">
        <Button size="sm" disabled={!src} onClick={() => void download(track)}>
          Download
        </Button>
        <Button size="sm" disabled={!ready} onClick={() => useHandoffStore.getState().useInTalkClip(track)}>
          Use in a talk clip
        </Button>
        <Button size="sm" variant="ghost" onClick={() => askDelete(track)}>
          Delete…
        </Button>
      </div>
    </li>
  );
}
