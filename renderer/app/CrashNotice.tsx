import { useIntl } from 'react-intl';
import { useAboutStore } from '../features/settings/about/aboutStore.ts';
import { useCrashStore } from '../stores/crashStore.ts';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { Button } from '../ui/Button.tsx';
import { useFormats } from '../i18n/LanguageProvider.tsx';

/** The part of Cast Studio that crashed, as the catalog's message chooses its words (one that is not here reads as it is). */
const WHERE: Record<string, string> = { main: 'main', core: 'core', sandbox: 'sandbox', 'browser host': 'browserHost' };

/**
 * Says, after a crash, that Cast Studio closed unexpectedly, and offers the diagnostics (which hold
 * the crash's summary, redacted) for a bug report, until the person dismisses it.
 */
export function CrashNotice() {
  const crash = useCrashStore((s) => s.crash);
  const copy = useAboutStore((s) => s.copy);
  const intl = useIntl();
  const formats = useFormats();
  if (!crash) return null;
  const copyDiagnostics = async () => {
    await useAboutStore.getState().copyDiagnostics();
    // The clipboard refused: About shows the text to copy by hand.
    if (useAboutStore.getState().copy.state === 'shown') useNavigationStore.getState().openSettingsSection('settings-about');
  };
  const title = intl.formatMessage({ id: 'app.crash.title' });
  return (
    <div className="bridge-banner crash-notice" role="region" aria-label={title} data-crash-notice>
      <strong>{title}</strong>
      <span className="crash-notice-detail">
        {intl.formatMessage(
          { id: 'app.crash.detail' },
          { time: formats.dateTimeOf(crash.at), where: WHERE[crash.where] ?? crash.where, message: crash.message },
        )}
      </span>
      <span className="crash-notice-actions">
        <Button size="sm" busy={copy.state === 'copying'} onClick={() => void copyDiagnostics()}>
          {intl.formatMessage({ id: 'app.crash.copy' })}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void useCrashStore.getState().dismiss()}>
          {intl.formatMessage({ id: 'app.crash.dismiss' })}
        </Button>
        {copy.state === 'copied' && (
          <span role="status" className="crash-notice-copied">
            {intl.formatMessage({ id: 'app.crash.copied' })}
          </span>
        )}
      </span>
    </div>
  );
}
