import { useEffect } from 'react';
import { useIntl } from 'react-intl';
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
import { SaidText } from '../../../ui/SaidText.tsx';

/** Names of products, the same in every language. */
const PRODUCT = { app: 'Cast Studio', electron: 'Electron', chromium: 'Chromium', node: 'Node', ipc: 'IPC v' };

/** Settings → About: what this copy of Cast Studio is and runs in, its folders, its licences and the diagnostics. */
export function AboutSection() {
  const info = useAppInfoStore((s) => s.info);
  const { about, error } = useAboutStore(useShallow((s) => ({ about: s.about, error: s.error })));
  useEffect(() => {
    void useAboutStore.getState().load();
  }, []);
  const build = buildCommit();
  const version = about?.version ?? info?.version;
  const intl = useIntl();
  return (
    <section id="settings-about" className="lib-panel settings-section" aria-labelledby="about-heading">
      <h2 id="about-heading" className="lib-section-title" tabIndex={-1}>
        {intl.formatMessage({ id: 'settings.about.heading' })}
      </h2>
      <dl className="settings-facts about-facts" data-testid="about">
        <dt>{PRODUCT.app}</dt>
        <dd data-testid="about-version">
          {version ? (build ? intl.formatMessage({ id: 'settings.about.version' }, { version, build }) : version) : '—'}
        </dd>
        <dt>{intl.formatMessage({ id: 'settings.about.runningIn' })}</dt>
        <dd>
          {info
            ? intl.formatMessage({ id: 'settings.about.runningIn.value' }, { host: info.host, os: <bdi>{about?.os ?? info.platform}</bdi> })
            : '—'}
        </dd>
        {about?.electron && (
          <>
            <dt>{PRODUCT.electron}</dt>
            <dd>{about.electron}</dd>
          </>
        )}
        <dt>{info?.host === 'browser' ? intl.formatMessage({ id: 'settings.about.browser' }) : PRODUCT.chromium}</dt>
        <dd>{about?.chromium ?? pageEngine() ?? '—'}</dd>
        <dt>{PRODUCT.node}</dt>
        <dd>{about?.node ?? '—'}</dd>
        <dt>{intl.formatMessage({ id: 'settings.about.protocol' })}</dt>
        <dd>{info ? `${PRODUCT.ipc}${info.ipcVersion}` : '—'}</dd>
        {about && <FolderFact folder="data" path={about.dataFolder} />}
        {about && <FolderFact folder="logs" path={about.logsFolder} />}
      </dl>
      <InlineError error={error} />
      <UpdatesPanel />
      <CopyDiagnostics />
      <LicencesList />
    </section>
  );
}

function FolderFact({ folder, path }: { folder: Folder; path: string }) {
  const note = useAboutStore((s) => (s.folderNote?.folder === folder ? s.folderNote.error : null));
  const intl = useIntl();
  return (
    <>
      <dt>{intl.formatMessage({ id: folder === 'data' ? 'settings.about.dataFolder' : 'settings.about.logsFolder' })}</dt>
      <dd className="about-folder" data-folder={folder}>
        <span className="path" dir="ltr">
          {path}
        </span>
        <Button
          size="sm"
          onClick={() => void useAboutStore.getState().openFolder(folder)}
          aria-label={intl.formatMessage({ id: 'settings.about.openFolder' }, { folder })}
        >
          {intl.formatMessage({ id: 'settings.about.open' })}
        </Button>
        {note && (
          <span className="muted about-folder-note" role="status">
            {/* A host that cannot open folders (the browser host) says so in words of its own. */}
            {note.code === 'not_available' ? intl.formatMessage({ id: 'settings.about.cannotOpen' }) : <SaidText said={note} />}
          </span>
        )}
      </dd>
    </>
  );
}
