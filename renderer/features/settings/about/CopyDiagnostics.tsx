import { useIntl } from 'react-intl';
import { useAboutStore } from './aboutStore.ts';
import { Button } from '../../../ui/Button.tsx';

/** "Copy diagnostics": a summary for a bug report, with keys, tokens and the home folder taken out. */
export function CopyDiagnostics() {
  const copy = useAboutStore((s) => s.copy);
  const intl = useIntl();
  return (
    <div className="about-diagnostics">
      <div className="settings-row">
        <Button
          busy={copy.state === 'copying'}
          onClick={() => void useAboutStore.getState().copyDiagnostics()}
          data-action="copy-diagnostics"
        >
          {intl.formatMessage({ id: 'settings.about.diagnostics.copy' })}
        </Button>
        <p className="muted" role="status" data-testid="diagnostics-status">
          {intl.formatMessage({ id: copy.state === 'copied' ? 'settings.about.diagnostics.copied' : 'settings.about.diagnostics.what' })}
        </p>
      </div>
      {copy.state === 'shown' && (
        <label className="about-diagnostics-text">
          <span>{intl.formatMessage({ id: 'settings.about.diagnostics.noClipboard' })}</span>
          {/* The report is for whoever reads the bug report: English, as the log lines it quotes. */}
          <textarea readOnly value={copy.text} rows={10} lang="en" dir="ltr" data-testid="diagnostics-text" />
        </label>
      )}
    </div>
  );
}
