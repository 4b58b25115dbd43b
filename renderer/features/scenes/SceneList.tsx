import { Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, SceneSummary } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { isolated } from './isolated.ts';
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
  const intl = useIntl();
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
      {intl.formatMessage({ id: 'scenes.list.new' })}
    </Button>
  );

  return (
    <section className="screen scenes-screen" aria-labelledby="scenes-title">
      <header className="screen-header">
        <div>
          <h1 id="scenes-title" className="screen-title">
            {intl.formatMessage({ id: 'scenes.list.title' })}
          </h1>
          <p className="screen-subtitle">{intl.formatMessage({ id: 'scenes.list.subtitle' })}</p>
        </div>
        <div className="screen-actions">{newButton}</div>
      </header>
      <InlineError error={error} />
      {!loaded ? (
        <Spinner label={intl.formatMessage({ id: 'scenes.list.loading' })} />
      ) : summaries.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'scenes.list.empty.title' })} action={null}>
          {intl.formatMessage({ id: 'scenes.list.empty.body' })}
        </EmptyState>
      ) : (
        <ul className="scene-grid" aria-label={intl.formatMessage({ id: 'scenes.list.title' })}>
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
  const intl = useIntl();
  const formats = useFormats();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const title = summary.title || intl.formatMessage({ id: 'scenes.untitled' });
  return (
    <li className="scene-card" data-scene-id={summary.id}>
      <button type="button" className="scene-card-open" onClick={() => void open(summary.id)}>
        {/* Named by what it shows after the headshots (title, lines, state): the name read aloud is the words on screen. */}
        <span className="scene-card-cast" aria-hidden="true">
          {summary.castMediaIds.length === 0 ? (
            <span className="scene-card-nocast">{intl.formatMessage({ id: 'scenes.card.noCast' })}</span>
          ) : null}
          {summary.castMediaIds.map((mediaId) => (
            <MediaImage key={mediaId} mediaId={mediaId} alt="" className="scene-card-headshot" />
          ))}
        </span>
        <span className="scene-card-title">
          <bdi>{title}</bdi>
        </span>
        <span className="scene-card-meta">
          {intl.formatMessage(
            { id: 'scenes.card.meta' },
            { lines: summary.lineCount, done: summary.doneCount, date: formats.dateOf(summary.updatedAt) },
          )}
        </span>
        <SceneStateNote state={summary.state} />
      </button>
      <div className="scene-card-actions">
        <Button
          variant="ghost"
          size="sm"
          icon={<Copy size={14} aria-hidden="true" />}
          aria-label={intl.formatMessage({ id: 'scenes.card.duplicate' }, { title })}
          onClick={() => void duplicateScene(summary.id)}
        />
        <Button
          variant="ghost"
          size="sm"
          icon={<Trash2 size={14} aria-hidden="true" />}
          aria-label={intl.formatMessage({ id: 'scenes.card.delete' }, { title })}
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
        title={intl.formatMessage({ id: 'scenes.card.deleteTitle' }, { title: isolated(title) })}
        confirmLabel={intl.formatMessage({ id: 'scenes.card.deleteConfirm' })}
        danger
        error={error}
        name="delete-scene"
      >
        <p>{intl.formatMessage({ id: 'scenes.card.deleteBody' })}</p>
      </ConfirmDialog>
    </li>
  );
}
