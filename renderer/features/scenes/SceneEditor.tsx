import { Download, Plus } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { APP_NAME_LIMITS } from '../../../shared/api/limits.ts';
import type { Scene, SceneAspect } from '../../../shared/ipc/index.ts';
import { SCENE_ASPECTS } from '../../../shared/ipc/sceneSettings.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { BackIcon } from '../../ui/icons.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCastStore } from './castStore.ts';
import { changeAndFocus, keysText, LINE_KEYS, sceneSpeakers } from './lineKeys.ts';
import { SceneExportDialog } from './SceneExportDialog.tsx';
import { SceneLineRow, type Choice } from './SceneLineRow.tsx';
import { ScenePlayer } from './ScenePlayer.tsx';
import { ScenePresenceBar } from './ScenePresence.tsx';
import { ScenePriceBar } from './ScenePriceBar.tsx';
import { isolated } from './isolated.ts';
import { nextSpeaker, speakerFields, type Speaker } from './sceneLines.ts';
import { QUALITIES } from './sceneTypes.ts';
import { selectLineCounts, selectLineIds, selectPosterId, selectSceneState } from './sceneSelectors.ts';
import { SceneStateNote } from './SceneStateNote.tsx';
import { useScenesStore, type SaveState } from './scenesStore.ts';

type View = 'write' | 'watch';

const SAVE_LABELS: Record<SaveState, MessageId> = {
  saved: 'scenes.save.saved',
  pending: 'scenes.save.pending',
  saving: 'scenes.save.saving',
  error: 'scenes.save.error',
};

/**
 * One scene: its title and settings, its lines as a script to type fast, its price and render, and its player.
 * It reads the scene's title and counts, never its lines: a keystroke in a line renders that line's row only.
 */
export function SceneEditor({ sceneId }: { sceneId: string }) {
  const intl = useIntl();
  const describe = useDescribeError();
  const { shownId, title, openError, saveState, saveError, close, open } = useScenesStore(
    useShallow((s) => ({
      shownId: s.scene?.id,
      title: s.scene?.title ?? '',
      openError: s.openError,
      saveState: s.saveState,
      saveError: s.saveError,
      close: s.close,
      open: s.open,
    })),
  );
  const { total, done: doneCount } = useScenesStore(useShallow(selectLineCounts));
  const posterId = useScenesStore(selectPosterId);
  const sceneState = useScenesStore(useShallow(selectSceneState));
  const [view, setView] = useState<View>('write');
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (useScenesStore.getState().scene?.id !== sceneId) void open(sceneId);
  }, [sceneId, open]);

  // Others in the scene see the creator while the editor is shown (on no line until one is focused).
  const shown = shownId === sceneId;
  useEffect(() => {
    if (!shown) return;
    useScenesStore.getState().enterLine(null);
    return () => useScenesStore.getState().leaveScene();
  }, [shown]);

  if (shownId !== sceneId) {
    return (
      <section className="screen" aria-labelledby="scene-title">
        <div className="screen-header">
          <Button variant="ghost" icon={<BackIcon />} onClick={close}>
            {intl.formatMessage({ id: 'scenes.back' })}
          </Button>
        </div>
        <h1 id="scene-title" className="visually-hidden">
          {intl.formatMessage({ id: 'scenes.editor.heading' })}
        </h1>
        {openError ? (
          <EmptyState title={intl.formatMessage({ id: 'scenes.editor.notHere' })}>
            <InlineError error={openError} />
          </EmptyState>
        ) : (
          <Spinner label={intl.formatMessage({ id: 'scenes.editor.opening' })} />
        )}
      </section>
    );
  }

  return (
    <section className="screen scene-editor" aria-labelledby="scene-title" data-scene-id={sceneId} data-save-state={saveState}>
      <header className="screen-header scene-editor-header">
        <div className="scene-heading">
          <Button
            variant="ghost"
            size="sm"
            icon={<BackIcon />}
            onClick={close}
            aria-label={intl.formatMessage({ id: 'scenes.back.label' })}
          >
            {intl.formatMessage({ id: 'scenes.back' })}
          </Button>
          <h1 id="scene-title" className="visually-hidden">
            {title || intl.formatMessage({ id: 'scenes.untitled' })}
          </h1>
          <input
            className="input scene-title-input"
            aria-label={intl.formatMessage({ id: 'scenes.editor.titleLabel' })}
            value={title}
            dir="auto"
            placeholder={intl.formatMessage({ id: 'scenes.untitled' })}
            maxLength={APP_NAME_LIMITS.sceneTitle}
            onChange={(event) => useScenesStore.getState().setTitle(event.target.value)}
            data-field="title"
          />
          <span className={`scene-save scene-save-${saveState}`} role="status" title={saveError ? describe(saveError) : undefined}>
            {intl.formatMessage({ id: SAVE_LABELS[saveState] })}
          </span>
          <SceneStateNote state={sceneState} />
        </div>
        <div className="screen-actions">
          <SegmentedControl<View>
            label={intl.formatMessage({ id: 'scenes.editor.view' })}
            value={view}
            onChange={setView}
            name="scene-view"
            segments={[
              { value: 'write', label: intl.formatMessage({ id: 'scenes.editor.view.write' }) },
              { value: 'watch', label: intl.formatMessage({ id: 'scenes.editor.view.watch' }, { done: doneCount, total }) },
            ]}
          />
          <Button
            icon={<Download size={16} aria-hidden="true" />}
            disabled={doneCount === 0}
            onClick={() => setExporting(true)}
            data-action="export-scene"
          >
            {intl.formatMessage({ id: 'scenes.editor.export' })}
          </Button>
        </div>
      </header>
      <InlineError error={saveState === 'error' ? saveError : null} />
      <ScenePresenceBar />
      {view === 'write' ? <SceneWriter /> : <SceneWatch />}
      <SceneExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        sceneId={sceneId}
        title={title}
        lineCount={total}
        doneCount={doneCount}
        posterId={posterId}
      />
    </section>
  );
}

/** The scene as the player shows it: read whole, as playing follows every line's render. */
function SceneWatch() {
  const scene = useScenesStore((s) => s.scene);
  return scene ? <ScenePlayer scene={scene} /> : null;
}

/** The script and, beside it, the scene's settings, price and render button (not rendered again when only the save state changes). */
const SceneWriter = memo(function SceneWriter() {
  const intl = useIntl();
  const lineIds = useScenesStore(useShallow(selectLineIds));
  const { aspect, quality } = useScenesStore(useShallow((s) => ({ aspect: s.scene?.aspect, quality: s.scene?.quality })));
  const { byId, order } = useCharactersStore(useShallow((s) => ({ byId: s.byId, order: s.order })));
  const { cast, voices } = useCastStore(useShallow((s) => ({ cast: s.byCharacter, voices: s.voices })));

  const speakerChoices = useMemo<Choice[]>(
    () =>
      order.flatMap((id) => {
        const character = byId[id];
        if (!character) return [];
        const voice = cast[id]?.voiceName;
        const name = isolated(character.name);
        const label = voice
          ? intl.formatMessage({ id: 'scenes.editor.speakerWithVoice' }, { name, voice: isolated(voice) })
          : intl.formatMessage({ id: 'scenes.editor.speakerNoVoice' }, { name });
        return [{ value: `character:${id}`, label }];
      }),
    [byId, order, cast, intl],
  );
  const voiceChoices = useMemo<Choice[]>(() => voices.map((voice) => ({ value: voice.id, label: voice.name })), [voices]);
  const onRetry = useCallback((lineId: string) => void useScenesStore.getState().render([lineId]), []);

  const addLine = () => {
    const { scene, insertLine } = useScenesStore.getState();
    const all = scene?.lines ?? [];
    const last = all[all.length - 1];
    // After the last line comes whoever answers it; a first line goes to the first of the cast.
    const speaker: Speaker | undefined = last ? (nextSpeaker(all, all.length - 1) ?? undefined) : sceneSpeakers(all)[0];
    changeAndFocus(() => insertLine(null, speaker ? speakerFields(speaker) : {}).id);
  };

  return (
    <div className="scene-layout">
      <div className="scene-script">
        <p className="scene-keys muted" id="scene-keys">
          {[LINE_KEYS.newLine, LINE_KEYS.switchSpeaker, LINE_KEYS.move, LINE_KEYS.remove].map((id) => keysText(intl, id)).join(' · ')}
        </p>
        {lineIds.length === 0 ? (
          <EmptyState title={intl.formatMessage({ id: 'scenes.editor.noLines.title' })}>
            {intl.formatMessage({ id: 'scenes.editor.noLines.body' })}
          </EmptyState>
        ) : (
          <ol className="scene-lines" aria-label={intl.formatMessage({ id: 'scenes.editor.lines' })} aria-describedby="scene-keys">
            {lineIds.map((lineId, index) => (
              <SceneLineRow
                key={lineId}
                lineId={lineId}
                index={index}
                speakerChoices={speakerChoices}
                voiceChoices={voiceChoices}
                onRetry={onRetry}
              />
            ))}
          </ol>
        )}
        <Button icon={<Plus size={16} aria-hidden="true" />} onClick={addLine} data-action="add-line">
          {intl.formatMessage({ id: 'scenes.editor.addLine' })}
        </Button>
      </div>
      <aside className="scene-aside" aria-label={intl.formatMessage({ id: 'scenes.editor.aside' })}>
        <SegmentedControl<SceneAspect>
          label={intl.formatMessage({ id: 'scenes.editor.aspect' })}
          name="aspect"
          value={aspect ?? '16:9'}
          onChange={(value) => useScenesStore.getState().setSettings({ aspect: value })}
          segments={SCENE_ASPECTS.map((value) => ({ value, label: value }))}
        />
        <SegmentedControl<Scene['quality']>
          label={intl.formatMessage({ id: 'scenes.editor.quality' })}
          name="quality"
          value={quality ?? 'standard'}
          onChange={(value) => useScenesStore.getState().setSettings({ quality: value })}
          segments={QUALITIES.map((value) => ({ value, label: intl.formatMessage({ id: 'scenes.quality' }, { quality: value }) }))}
        />
        <ScenePriceBar />
      </aside>
    </div>
  );
});
