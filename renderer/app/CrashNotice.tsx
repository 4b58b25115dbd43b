import { useAboutStore } from '../features/settings/about/aboutStore.ts';
import { useCrashStore } from '../stores/crashStore.ts';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { Button } from '../ui/Button.tsx';
import { formatDateTime } from '../ui/format.ts';

const WHERE: Record<string, string> = { main: 'the app', core: 'its core', sandbox: 'the sandbox', 'browser host': 'the browser host' };

/**
 * Says, after a crash, that Cast Studio closed unexpectedly, and offers the diagnostics (which hold
 * the crash's summary, redacted) for a bug report, until the person dismisses it.
 */
export function CrashNotice() {
  const crash = useCrashStore((s) => s.crash);
  const copy = useAboutStore((s) => s.copy);
  if (!crash) return null;
  const copyDiagnostics = async () => {
    await useAboutStore.getState().copyDiagnostics();
    // The clipboard refused: About shows the text to copy by hand.
    if (useAboutStore.getState().copy.state === 'shown') useNavigationStore.getState().openSettingsSection('settings-about');
  };
  return (
    <div className="bridge-banner crash-notice" role="region" aria-label="Cast Studio closed unexpectedly" data-crash-notice>
      <strong>Cast Studio closed unexpectedly</strong>
      <span className="crash-notice-detail">
        {formatDateTime(crash.at)}, in {WHERE[crash.where] ?? crash.where}: {crash.message}
      </span>
      <span className="crash-notice-actions">
        <Button size="sm" busy={copy.state === 'copying'} onClick={() => void copyDiagnostics()}>
          Copy diagnostics
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void useCrashStore.getState().dismiss()}>
          Dismiss
        </Button>
        {copy.state === 'copied' && (
          <span role="status" className="crash-notice-copied">
            Copied. Paste it into your bug report.
          </span>
        )}
      </span>
    </div>
  );
}
