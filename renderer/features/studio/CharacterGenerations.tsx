import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { isInFlight, useJobsStore } from '../../stores/jobsStore.ts';
import { Badge, StatusBadge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { useCharacterGenerationsStore } from './characterGenerationsStore.ts';
import { creditsText, formatCount } from '../../ui/format.ts';

const KIND_LABELS: Record<string, string> = { image: 'Image', video: 'Video', talk: 'Talk', character_create: 'Portraits', audio: 'Audio' };

/** Everything generated of this character, newest first; what was just submitted shows at once. */
export function CharacterGenerations({ characterId }: { characterId: string }) {
  const { items, total, loading, error, load } = useCharacterGenerationsStore(
    useShallow((s) => ({ items: s.items, total: s.total, loading: s.loading, error: s.error, load: s.load })),
  );
  const { jobs, contexts } = useJobsStore(useShallow((s) => ({ jobs: s.jobs, contexts: s.contexts })));

  useEffect(() => {
    void load(characterId);
  }, [characterId, load]);

  // Jobs submitted from this page that the library does not hold yet.
  const pending = useMemo(() => {
    const known = new Set(items.map((item) => item.id));
    return Object.values(jobs)
      .filter((job) => job.kind === 'generation.create' && contexts[job.id]?.characterId === characterId)
      .filter((job) => (isInFlight(job) || job.state === 'failed') && !(job.resourceId && known.has(job.resourceId)))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  }, [jobs, contexts, items, characterId]);

  const count = total + pending.length;

  return (
    <section className="panel" aria-labelledby="generations-title">
      <div className="panel-header">
        <h2 id="generations-title" className="panel-title">
          Generations
        </h2>
        <span className="muted">{count === 0 ? '' : formatCount(count)}</span>
      </div>
      <InlineError error={error} />
      {count === 0 && !loading ? (
        <p className="muted">Nothing generated yet. Use the panel to make an image, a video or a talking clip.</p>
      ) : (
        <ul className="generation-grid" aria-label={`Generations, newest first`}>
          {pending.map((job) => (
            <li key={job.id}>
              <PendingTile job={job} label={contexts[job.id]?.label ?? job.title} />
            </li>
          ))}
          {items.map((item) => (
            <li key={item.id}>
              <GenerationTile item={item} />
            </li>
          ))}
        </ul>
      )}
      {items.length < total ? (
        <Button variant="secondary" onClick={() => void load(characterId, true)} busy={loading}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}

function PendingTile({ job, label }: { job: Job; label: string }) {
  return (
    <article className="generation-tile" data-job-id={job.id} data-status={job.state} data-kind="pending">
      <div className="generation-media media-frame">
        <div className="media-placeholder">
          <span className="media-placeholder-text">{job.state === 'failed' ? 'Failed' : 'In the queue…'}</span>
        </div>
      </div>
      <div className="generation-info">
        <div className="generation-badges">
          <StatusBadge status={job.state} />
          {job.quotedCredits !== null ? <span className="generation-credits">{creditsText(job.quotedCredits)}</span> : null}
        </div>
        <p className="generation-prompt">{label}</p>
      </div>
    </article>
  );
}

function GenerationTile({ item }: { item: LibraryItem }) {
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
          <video
            src={src}
            poster={poster ?? undefined}
            controls
            preload="metadata"
            aria-label={`${KIND_LABELS[item.kind] ?? item.kind}: ${description}`}
          />
        ) : (
          <MediaImage
            mediaId={item.kind === 'image' || item.kind === 'character_create' ? (item.mediaId ?? item.thumbId) : item.thumbId}
            alt={`${KIND_LABELS[item.kind] ?? item.kind}: ${description}`}
            placeholder={item.status === 'failed' ? 'Failed' : item.status === 'completed' ? 'Downloading…' : 'Generating…'}
          />
        )}
      </div>
      <div className="generation-info">
        <div className="generation-badges">
          <Badge tone="accent">{KIND_LABELS[item.kind] ?? item.kind}</Badge>
          <StatusBadge status={item.status} />
          {item.creditsUsed !== null ? <span className="generation-credits">{creditsText(item.creditsUsed)}</span> : null}
        </div>
        <p className="generation-prompt" title={description}>
          {description}
        </p>
        {item.errorMessage ? <p className="generation-error">{item.errorMessage}</p> : null}
      </div>
    </article>
  );
}
