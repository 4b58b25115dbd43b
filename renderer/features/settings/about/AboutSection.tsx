import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppInfoStore } from '../../../stores/appInfoStore.ts';
import { Button } from '../../../ui/Button.tsx';
import { InlineError } from '../../../ui/InlineError.tsx';
import { useAboutStore, type Folder } from './aboutStore.ts';
import { buildCommit, pageEngine } from './buildInfo.ts';
import { CopyDiagnostics } from './CopyDiagnostics.tsx';
import { LicencesList } from './LicencesList.tsx';
import { UpdatesPanel } from './UpdatesPanel.tsx';
import './about.css';

/** Settings → About: what this copy of Cast Studio is and runs in, its folders, its licences and the diagnostics. */
export function AboutSection() {
  const info = useAppInfoStore((s) => s.info);
  const { about, error } = useAboutStore(useShallow((s) => ({ about: s.about, error: s.error })));
  useEffect(() => {
    void useAboutStore.getState().load();
  }, []);
  const build = buildCommit();
  const version = about?.version ?? info?.version;
  return (
    <section id="settings-about" className="lib-panel settings-section" aria-labelledby="about-heading">
      <h2 id="about-heading" className="lib-section-title" tabIndex={-1}>
        About
      </h2>
      <dl className="settings-facts about-facts" data-testid="about">
        <dt>Cast Studio</dt>
        <dd data-testid="about-version">{version ? `${version}${build ? ` (build ${build})` : ''}` : '—'}</dd>
        <dt>Running in</dt>
        <dd>{info ? `${info.host === 'electron' ? 'The desktop app' : 'The browser host'} on ${about?.os ?? info.platform}` : '—'}</dd>
        {about?.electron && (
          <>
            <dt>Electron</dt>
            <dd>{about.electron}</dd>
          </>
        )}
        <dt>{info?.host === 'browser' ? 'This browser' : 'Chromium'}</dt>
        <dd>{about?.chromium ?? pageEngine() ?? '—'}</dd>
        <dt>Node</dt>
        <dd>{about?.node ?? '—'}</dd>
        <dt>App protocol</dt>
        <dd>{info ? `IPC v${info.ipcVersion}` : '—'}</dd>
        {about && <FolderFact folder="data" label="Data folder" path={about.dataFolder} />}
        {about && <FolderFact folder="logs" label="Logs folder" path={about.logsFolder} />}
      </dl>
      <InlineError error={error} />
      <UpdatesPanel />
      <CopyDiagnostics />
      <LicencesList />
    </section>
  );
}

function FolderFact({ folder, label, path }: { folder: Folder; label: string; path: string }) {
  const note = useAboutStore((s) => (s.folderNote?.folder === folder ? s.folderNote.text : null));
  return (
    <>
      <dt>{label}</dt>
      <dd className="about-folder" data-folder={folder}>
        <span className="path">{path}</span>
        <Button size="sm" onClick={() => void useAboutStore.getState().openFolder(folder)} aria-label={`Open the ${label.toLowerCase()}`}>
          Open
        </Button>
        {note && (
          <span className="muted about-folder-note" role="status">
            {note}
          </span>
        )}
      </dd>
    </>
  );
}
