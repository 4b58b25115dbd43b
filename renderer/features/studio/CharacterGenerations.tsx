import { useEffect, useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useJobsInFlightStore, useNow } from '../../stores/jobsInFlight.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { MediaPlayer } from '../../ui/MediaPlayer/index.ts';
import { jobsByItem, pendingFor, useCharacterGenerationsStore } from './characterGenerationsStore.ts';
import { creditsText, formatCount } from '../../ui/format.ts';
import { WorkProgress, WorkStatus } from '../../ui/WorkStatus.tsx';
import { jobTitleText } from '../../ui/JobTitleLabel.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import './generationProgress.css';

/** An item's kind in the studio's language; a kind the catalog does not know reads as itself. */
function kindLabel(intl: IntlShape, kind: string): string {
  return intl.formatMessage({ id: 'studio.generations.kind' }, { kind });
}

/** Everything generated of this character, newest first; what was just submitted shows at once. */
export function CharacterGenerations({ characterId }: { characterId: string }) {
  const intl = useIntl();
  const { items, total, loading, error, load } = useCharacterGenerationsStore(
    useShallow((s) => ({ items: s.items, total: s.total, loading: s.loading, error: s.error, load: s.load })),
  );
  const { jobs, contexts } = useJobsStore(useShallow((s) => ({ jobs: s.jobs, contexts: s.contexts })));
  const { inFlight, finished } = useJobsInFlightStore(useShallow((s) => ({ inFlight: s.jobs, finished: s.finished })));

  useEffect(() => {
    void load(characterId);
    void useJobsInFlightStore.getState().load();
  }, [characterId, load]);

  // A placeholder for each job of this character the library does not hold yet; its result takes its place.
  const pending = useMemo(
    () => pendingFor(characterId, items, { inFlight, finished, submitted: jobs, contexts }),
    [jobs, contexts, inFlight, finished, items, characterId],
  );
  const running = useMemo(() => jobsByItem(inFlight), [inFlight]);
  const now = useNow(pending.some((job) => job.state === 'processing') || running.size > 0);

  const count = total + pending.length;
  const formats = useFormats();

  return (
    <section className="panel" aria-labelledby="generations-title">
      <div className="panel-header">
        <h2 id="generations-title" className="panel-title">
          {intl.formatMessage({ id: 'studio.generations.title' })}
        </h2>
        <span className="muted">{count === 0 ? '' : formatCount(count)}</span>
      </div>
      <InlineError error={error} />
      {count === 0 && !loading ? (
        <p className="muted">{intl.formatMessage({ id: 'studio.generations.empty' })}</p>
      ) : (
        <ul className="generation-grid" aria-label={intl.formatMessage({ id: 'studio.generations.list' })}>
          {pending.map((job) => (
            <li key={job.id}>
              <PendingTile job={job} label={job.prompt ?? jobTitleText(job.title, formats)} now={now} />
            </li>
          ))}
          {items.map((item) => (
            <li key={item.id}>
              <GenerationTile item={item} job={running.get(item.id) ?? null} now={now} />
            </li>
          ))}
        </ul>
      )}
      {items.length < total ? (
        <Button variant="secondary" onClick={() => void load(characterId, true)} busy={loading}>
          {intl.formatMessage({ id: 'studio.generations.more' })}
        </Button>
      ) : null}
    </section>
  );
}

function PendingTile({ job, label, now }: { job: Job; label: string; now: number }) {
  const intl = useIntl();
  const note = intl.formatMessage({ id: 'studio.generations.pending' }, { state: job.state });
  return (
    <article className="generation-tile" data-job-id={job.id} data-status={job.state} data-kind="pending">
      <div className="generation-media media-frame">
        <div className="media-placeholder generation-placeholder">
          <span className="media-placeholder-text">{note}</span>
          {job.state === 'processing' || job.state === 'done' ? <TileProgress job={job} now={now} label={label} /> : null}
        </div>
      </div>
      <div className="generation-info">
        <div className="generation-badges">
          <WorkStatus status={job.state} />
          {job.quotedCredits !== null ? <span className="generation-credits">{creditsText(job.quotedCredits)}</span> : null}
        </div>
        <p className="generation-prompt" dir="auto">
          {label}
        </p>
      </div>
    </article>
  );
}

/** A generation in the library; while its job runs, the placeholder shows the job's progress until the result replaces it. */
function GenerationTile({ item, job, now }: { item: LibraryItem; job: Job | null; now: number }) {
  const intl = useIntl();
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const playable = (item.kind === 'video' || item.kind === 'talk') && item.mediaId && item.downloaded;
  const src = playable ? mediaUrl(mediaBase, item.mediaId) : null;
  const poster = mediaUrl(mediaBase, item.thumbId);
  const description = item.prompt ?? item.title;
  return (
    <article
      className="generation-tile"
      data-item-id={item.id}
      data-kind={item.kind}
      data-status={item.status}
      data-credits={item.creditsUsed ?? undefined}
    >
      <div className="generation-media media-frame">
        {src ? (
          <MediaPlayer
            kind="video"
            src={src}
            poster={poster}
            compact
            label={intl.formatMessage({ id: 'studio.generations.media' }, { kind: kindLabel(intl, item.kind), description })}
          />
        ) : (
          <MediaImage
            mediaId={item.kind === 'image' || item.kind === 'character_create' ? (item.mediaId ?? item.thumbId) : item.thumbId}
            alt={intl.formatMessage({ id: 'studio.generations.media' }, { kind: kindLabel(intl, item.kind), description })}
            placeholder={intl.formatMessage({ id: 'studio.generations.placeholder' }, { status: item.status })}
          />
        )}
        {job && item.status !== 'completed' && item.status !== 'failed' ? <TileProgress job={job} now={now} label={description} /> : null}
      </div>
      <div className="generation-info">
        <div className="generation-badges">
          <Badge tone="accent">{kindLabel(intl, item.kind)}</Badge>
          <WorkStatus status={item.status} />
          {item.creditsUsed !== null ? <span className="generation-credits">{creditsText(item.creditsUsed)}</span> : null}
        </div>
        <p className="generation-prompt" title={description} dir="auto">
          {description}
        </p>
        {item.errorMessage ? <p className="generation-error">{item.errorMessage}</p> : null}
      </div>
    </article>
  );
}

/** The bar along this library's estimate and the time so far, over a tile's placeholder. */
function TileProgress({ job, now, label }: { job: Job; now: number; label: string }) {
  return (
    <div className="generation-progress" data-testid="tile-progress" data-job-id={job.id}>
      <WorkProgress job={job} now={now} label={label} />
    </div>
  );
}
