import { useAboutStore } from './aboutStore.ts';
import { Button } from '../../../ui/Button.tsx';

/** "Copy diagnostics": a summary for a bug report, with keys, tokens and the home folder taken out. */
export function CopyDiagnostics() {
  const copy = useAboutStore((s) => s.copy);
  return (
    <div className="about-diagnostics">
      <div className="settings-row">
        <Button
          busy={copy.state === 'copying'}
          onClick={() => void useAboutStore.getState().copyDiagnostics()}
          data-action="copy-diagnostics"
        >
          Copy diagnostics
        </Button>
        <p className="muted" role="status" data-testid="diagnostics-status">
          {copy.state === 'copied'
            ? 'Copied. Paste it into your bug report.'
            : 'Versions, system, connection kind, library size and recent errors, without keys, tokens or your home folder.'}
        </p>
      </div>
      {copy.state === 'shown' && (
        <label className="about-diagnostics-text">
          <span>{copy.why}</span>
          <textarea readOnly value={copy.text} rows={10} data-testid="diagnostics-text" />
        </label>
      )}
    </div>
  );
}
