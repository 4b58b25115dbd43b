import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { LibraryItem, VoiceView } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { WorkStatus } from '../../ui/WorkStatus.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { creditsText, formatDateTime } from '../../ui/format.ts';
import { MediaPlayer } from '../../ui/MediaPlayer/index.ts';
import { useVoicesStore } from './voicesStore.ts';
import { useTracksStore } from './tracksStore.ts';
import { formatCount } from '../../ui/format.ts';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { SaidText } from '../../ui/SaidText.tsx';

/** The speech tracks, each with a player and its waveform. */
export function TrackList() {
  const intl = useIntl();
  const describe = useDescribeError();
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
        {intl.formatMessage({ id: 'voices.tracks.title' })} <span className="lib-section-count">{formatCount(total)}</span>
      </h2>
      <div aria-live="polite">
        {notice && (
          <p className="status-notice">
            <SaidText said={notice} />
          </p>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {describe(error)}
        </p>
      )}
      {loaded && tracks.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'voices.tracks.empty' })}>
          {intl.formatMessage({ id: 'voices.tracks.empty.hint' })}
        </EmptyState>
      ) : (
        <ul className="tracks" data-testid="tracks">
          {tracks.map((track) => (
            <TrackRow key={track.id} track={track} />
          ))}
        </ul>
      )}
      {tracks.length < total && (
        <Button size="sm" onClick={() => void load(true)}>
          {intl.formatMessage({ id: 'voices.tracks.more' })}
        </Button>
      )}
      <Dialog
        open={pendingDelete !== null}
        onClose={() => askDelete(null)}
        title={intl.formatMessage({ id: 'voices.tracks.delete.title' })}
        size="sm"
        name="delete-track"
        footer={
          <>
            <Button onClick={() => askDelete(null)}>{intl.formatMessage({ id: 'ui.confirm.cancel' })}</Button>
            <Button variant="danger" onClick={() => void confirmDelete()}>
              {intl.formatMessage({ id: 'voices.tracks.delete.confirm' })}
            </Button>
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'voices.tracks.delete.text' }, { title: <bdi key="title">{pendingDelete?.title}</bdi> })}</p>
      </Dialog>
    </section>
  );
}

function TrackRow({ track }: { track: LibraryItem }) {
  const intl = useIntl();
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const online = useConnectionStore((s) => s.connection?.online ?? true);
  const { download, askDelete } = useTracksStore(useShallow((s) => ({ download: s.download, askDelete: s.askDelete })));
  const voiceName = useVoicesStore((s) => voiceNameOf(track, s.voices, s.presets));
  const src = track.downloaded ? mediaUrl(mediaBase, track.mediaId) : null;
  const ready = track.status === 'ready' || track.status === 'completed';
  const emotion = typeof track.options.emotion === 'string' ? track.options.emotion : null;
  const missing = !ready ? 'making' : online ? 'downloading' : 'offline';
  const facts = [voiceName, emotion && emotion !== 'auto' ? emotion : null, track.model].filter(Boolean);

  return (
    <li className="track" data-track-id={track.id} data-status={track.status}>
      <div className="track-head">
        <bdi className="track-name">{track.title}</bdi>
        <WorkStatus status={track.status} />
      </div>
      <p className="track-meta" data-testid="track-facts">
        {facts.map((fact) => (
          <span key={fact} className="track-fact">
            {fact}
          </span>
        ))}
        <span className="track-when">
          {formatDateTime(track.createdAt)}
          {track.creditsUsed !== null ? ` · ${creditsText(track.creditsUsed)}` : ''}
        </span>
      </p>
      {track.prompt && (
        <p className="track-text" dir="auto">
          {track.prompt}
        </p>
      )}
      {src ? (
        <MediaPlayer kind="audio" src={src} label={track.title} compact waveformHeight={48} className="track-player" />
      ) : (
        <p className="track-missing">
          {track.status === 'failed'
            ? (track.errorMessage ?? intl.formatMessage({ id: 'voices.track.failed' }))
            : intl.formatMessage({ id: 'voices.track.missing' }, { state: missing })}
        </p>
      )}
      <div className="track-actions">
        <Button size="sm" disabled={!src} onClick={() => void download(track)}>
          {intl.formatMessage({ id: 'voices.track.download' })}
        </Button>
        <Button size="sm" disabled={!ready} onClick={() => useHandoffStore.getState().useInTalkClip(track)}>
          {intl.formatMessage({ id: 'voices.track.useInTalk' })}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => askDelete(track)}>
          {intl.formatMessage({ id: 'voices.track.delete' })}
        </Button>
      </div>
    </li>
  );
}

/** The name of the voice that speaks a track, from the voices this screen knows. */
function voiceNameOf(track: LibraryItem, voices: readonly VoiceView[], presets: readonly VoiceView[]): string | null {
  const id = track.options.voice_id;
  if (typeof id !== 'string') return null;
  return voices.find((voice) => voice.id === id)?.name ?? presets.find((voice) => voice.id === id)?.name ?? null;
}
