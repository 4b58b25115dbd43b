import { Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, SceneSummary } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatCountOf, formatDate } from '../../ui/format.ts';
import { InlineError } from '../../ui/InlineError.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SceneStateNote } from './SceneStateNote.tsx';
import { useScenesStore } from './scenesStore.ts';

/** Every scene as a card: its title, its cast, how many lines it has and how many are rendered. */
export function SceneList() {
  const { summaries, loaded, error, loadList, create, open } = useScenesStore(
    useShallow((s) => ({
      summaries: s.summaries,
      loaded: s.listLoaded,
      error: s.listError,
      loadList: s.loadList,
      create: s.create,
      open: s.open,
    })),
  );
  const [creating, setCreating] = useState(false);
  useEffect(() => void loadList(), [loadList]);

  const createScene = async () => {
    setCreating(true);
    const scene = await create();
    setCreating(false);
    if (scene) void open(scene.id);
  };

  const newButton = (
    <Button
      variant="primary"
      icon={<Plus size={16} aria-hidden="true" />}
      busy={creating}
      onClick={() => void createScene()}
      data-action="new-scene"
    >
      New scene
    </Button>
  );

  return (
    <section className="screen scenes-screen" aria-labelledby="scenes-title">
      <header className="screen-header">
        <div>
          <h1 id="scenes-title" className="screen-title">
            Scenes
          </h1>
          <p className="screen-subtitle">A script with your cast, voiced and animated line by line.</p>
        </div>
        <div className="screen-actions">{newButton}</div>
      </header>
      <InlineError error={error} />
      {!loaded ? (
        <Spinner label="Loading scenes" />
      ) : summaries.length === 0 ? (
        <EmptyState title="No scenes yet" action={null}>
          Write a dialogue for two or three characters and a narrator; Cast Studio voices and animates every line.
        </EmptyState>
      ) : (
        <ul className="scene-grid" aria-label="Scenes">
          {summaries.map((summary) => (
            <SceneCard key={summary.id} summary={summary} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SceneCard({ summary }: { summary: SceneSummary }) {
  const { open, remove, duplicateScene } = useScenesStore(
    useShallow((s) => ({ open: s.open, remove: s.remove, duplicateScene: s.duplicateScene })),
  );
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const title = summary.title || 'Untitled scene';
  return (
    <li className="scene-card" data-scene-id={summary.id}>
      <button type="button" className="scene-card-open" onClick={() => void open(summary.id)} aria-label={`Open ${title}`}>
        <span className="scene-card-cast" aria-hidden="true">
          {summary.castMediaIds.length === 0 ? <span className="scene-card-nocast">No cast yet</span> : null}
          {summary.castMediaIds.map((mediaId) => (
            <MediaImage key={mediaId} mediaId={mediaId} alt="" className="scene-card-headshot" />
          ))}
        </span>
        <span className="scene-card-title">{title}</span>
        <span className="scene-card-meta">
          {formatCountOf(summary.lineCount, 'line')} · {summary.doneCount} rendered · {formatDate(summary.updatedAt)}
        </span>
        <SceneStateNote state={summary.state} />
      </button>
      <div className="scene-card-actions">
        <Button
          variant="ghost"
          size="sm"
          icon={<Copy size={14} aria-hidden="true" />}
          aria-label={`Duplicate ${title}`}
          onClick={() => void duplicateScene(summary.id)}
        />
        <Button
          variant="ghost"
          size="sm"
          icon={<Trash2 size={14} aria-hidden="true" />}
          aria-label={`Delete ${title}`}
          onClick={() => setConfirming(true)}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
        onConfirm={() =>
          void remove(summary.id).then((failed) => {
            setError(failed);
            if (!failed) setConfirming(false);
          })
        }
        title={`Delete ${title}?`}
        confirmLabel="Delete scene"
        danger
        error={error}
        name="delete-scene"
      >
        <p>The script goes. The clips its lines made stay in your gallery.</p>
      </ConfirmDialog>
    </li>
  );
}
