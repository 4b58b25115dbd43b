import { useState } from 'react';
import type { AppError } from '../../shared/ipc/index.ts';
import { describeError } from '../errors/errorMessages.ts';
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

  const startSandbox = async () => {
    setBusy(true);
    setError(await completeOnboarding());
    setBusy(false);
  };

  return (
    <Dialog
      open={open}
      onClose={() => void startSandbox()}
      title={step === 'welcome' ? 'Welcome to Cast Studio' : 'Connect a service'}
      size="md"
      name="onboarding"
    >
      {step === 'welcome' ? (
        <div className="onboarding">
          {preferencesReset ? (
            <div className="onboarding-reset" role="note" data-testid="preferences-reset">
              <h3>Cast Studio could not read its preferences</h3>
              <p>
                So it starts as on a first run. Nothing on this computer was deleted: the sandbox’s library is back as soon as you start in
                it, and a service you connect again is read afresh from the service. The unreadable file is kept as{' '}
                <code>{preferencesReset.keptAs}</code> in Cast Studio’s data folder.
              </p>
            </div>
          ) : null}
          <p className="lead">Build a cast of characters, then make images, video clips and talking clips of them.</p>
          <div className="onboarding-card">
            <h3>You start in the sandbox</h3>
            <ul className="onboarding-points">
              <li>The sandbox is a copy of the generation service that runs on this computer. Nothing leaves it.</li>
              <li>Generation is simulated: portraits, clips and speech are quick stand-ins, not AI output.</li>
              <li>It comes with free sandbox credits, so every price and charge works as it will for real. They are not real money.</li>
            </ul>
          </div>
          <p className="muted">
            Have an account? Connect the real service with its address and an API key. You can switch at any time in Settings.
          </p>
          <InlineError error={error} />
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setStep('connect')} disabled={busy}>
              Connect a service…
            </Button>
            <Button variant="primary" onClick={() => void startSandbox()} busy={busy} data-autofocus data-action="start-sandbox">
              Start in the sandbox
            </Button>
          </div>
        </div>
      ) : (
        <ConnectServiceForm
          initialName="My service"
          cancelLabel="Back"
          onCancel={() => setStep('welcome')}
          save={async (input) => {
            const failed = await connectService(input);
            return failed ? describeError(failed) : null;
          }}
        />
      )}
    </Dialog>
  );
}
