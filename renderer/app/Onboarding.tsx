import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AppError } from '../../shared/ipc/index.ts';
import { ConnectServiceForm } from '../features/settings/ConnectServiceForm.tsx';
import { useAppInfoStore } from '../stores/appInfoStore.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { InlineError } from '../ui/InlineError.tsx';

/** First run: the sandbox explained, or a real service connected instead. */
export function Onboarding({ open }: { open: boolean }) {
  const [step, setStep] = useState<'welcome' | 'connect'>('welcome');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const completeOnboarding = useConnectionStore((s) => s.completeOnboarding);
  const connectService = useConnectionStore((s) => s.connectService);
  const preferencesReset = useAppInfoStore((s) => s.info?.preferencesReset ?? null);
  const intl = useIntl();
  const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

  const startSandbox = async () => {
    setBusy(true);
    setError(await completeOnboarding());
    setBusy(false);
  };

  return (
    <Dialog
      open={open}
      onClose={() => void startSandbox()}
      title={intl.formatMessage({ id: step === 'welcome' ? 'app.onboarding.welcome' : 'app.onboarding.connectTitle' })}
      size="md"
      name="onboarding"
    >
      {step === 'welcome' ? (
        <div className="onboarding">
          {preferencesReset ? (
            <div className="onboarding-reset" role="note" data-testid="preferences-reset">
              <h3>{intl.formatMessage({ id: 'app.onboarding.resetTitle' })}</h3>
              <p>{intl.formatMessage({ id: 'app.onboarding.resetBody' }, { file: preferencesReset.keptAs, code })}</p>
            </div>
          ) : null}
          <p className="lead">{intl.formatMessage({ id: 'app.onboarding.lead' })}</p>
          <div className="onboarding-card">
            <h3>{intl.formatMessage({ id: 'app.onboarding.sandboxTitle' })}</h3>
            <ul className="onboarding-points">
              <li>{intl.formatMessage({ id: 'app.onboarding.sandboxLocal' })}</li>
              <li>{intl.formatMessage({ id: 'app.onboarding.sandboxSimulated' })}</li>
              <li>{intl.formatMessage({ id: 'app.onboarding.sandboxCredits' })}</li>
            </ul>
          </div>
          <p className="muted">{intl.formatMessage({ id: 'app.onboarding.haveAccount' })}</p>
          <InlineError error={error} />
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setStep('connect')} disabled={busy}>
              {intl.formatMessage({ id: 'app.onboarding.connect' })}
            </Button>
            <Button variant="primary" onClick={() => void startSandbox()} busy={busy} data-autofocus data-action="start-sandbox">
              {intl.formatMessage({ id: 'app.onboarding.start' })}
            </Button>
          </div>
        </div>
      ) : (
        <ConnectServiceForm
          initialName={intl.formatMessage({ id: 'app.onboarding.serviceName' })}
          cancelLabel={intl.formatMessage({ id: 'app.onboarding.back' })}
          onCancel={() => setStep('welcome')}
          save={connectService}
        />
      )}
    </Dialog>
  );
}
