import { useState, type FormEvent } from 'react';
import type { AppError } from '../../shared/ipc/index.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, TextInput } from '../ui/Field.tsx';
import { InlineError } from '../ui/InlineError.tsx';

const API_KEY_PATTERN = /^sk_live_[0-9a-f]{64}$/;

function httpsProblem(value: string, what: string): string | null {
  if (!value.trim()) return `Enter the ${what}.`;
  try {
    return new URL(value.trim()).protocol === 'https:' ? null : `The ${what} must start with https://.`;
  } catch {
    return `The ${what} is not a web address; it looks like https://api.example.com.`;
  }
}

/** First run: the sandbox explained, or a real service connected instead. */
export function Onboarding({ open }: { open: boolean }) {
  const [step, setStep] = useState<'welcome' | 'connect'>('welcome');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const completeOnboarding = useConnectionStore((s) => s.completeOnboarding);

  const startSandbox = async () => {
    setBusy(true);
    setError(await completeOnboarding());
    setBusy(false);
  };

  return (
    <Dialog open={open} onClose={() => void startSandbox()} title={step === 'welcome' ? 'Welcome to Cast Studio' : 'Connect a service'} size="md" name="onboarding">
      {step === 'welcome' ? (
        <div className="onboarding">
          <p className="lead">Build a cast of characters, then make images, video clips and talking clips of them.</p>
          <div className="onboarding-card">
            <h3>You start in the sandbox</h3>
            <ul className="onboarding-points">
              <li>The sandbox is a copy of the generation service that runs on this computer. Nothing leaves it.</li>
              <li>Generation is simulated: portraits, clips and speech are quick stand-ins, not AI output.</li>
              <li>It comes with free sandbox credits, so every price and charge works as it will for real. They are not real money.</li>
            </ul>
          </div>
          <p className="muted">Have an account? Connect the real service with its address and an API key. You can switch at any time in Settings.</p>
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
        <ConnectServiceForm onBack={() => setStep('welcome')} />
      )}
    </Dialog>
  );
}

function ConnectServiceForm({ onBack }: { onBack: () => void }) {
  const connectService = useConnectionStore((s) => s.connectService);
  const [name, setName] = useState('My service');
  const [baseUrl, setBaseUrl] = useState('');
  const [cdnUrl, setCdnUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const problems = {
    name: name.trim() ? null : 'Give the connection a name.',
    baseUrl: httpsProblem(baseUrl, 'service address'),
    cdnUrl: httpsProblem(cdnUrl, 'media (CDN) address'),
    apiKey: !apiKey.trim() ? 'Enter the API key from the web app.' : API_KEY_PATTERN.test(apiKey.trim()) ? null : 'An API key is sk_live_ followed by 64 hexadecimal characters.',
  };
  const valid = Object.values(problems).every((problem) => problem === null);
  const show = (problem: string | null) => (touched ? problem : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    setError(await connectService({ name: name.trim(), baseUrl: baseUrl.trim(), cdnUrl: cdnUrl.trim(), apiKey: apiKey.trim() }));
    setBusy(false);
  };

  return (
    <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Name" error={show(problems.name)} required>
        {(control) => <TextInput {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />}
      </Field>
      <Field label="Service address" hint="The base URL of the service's API." error={show(problems.baseUrl)} required>
        {(control) => <TextInput {...control} type="url" inputMode="url" placeholder="https://api.example.com" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />}
      </Field>
      <Field label="Media address" hint="Where the service serves generated media (its CDN)." error={show(problems.cdnUrl)} required>
        {(control) => <TextInput {...control} type="url" inputMode="url" placeholder="https://cdn.example.com" value={cdnUrl} onChange={(e) => setCdnUrl(e.target.value)} />}
      </Field>
      <Field label="API key" hint="Kept in your system keychain. Cast Studio shows only its first characters afterwards." error={show(problems.apiKey)} required>
        {(control) => <TextInput {...control} type="password" autoComplete="off" spellCheck={false} placeholder="sk_live_…" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />}
      </Field>
      <InlineError error={error} />
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button variant="primary" type="submit" busy={busy}>
          Connect
        </Button>
      </div>
    </form>
  );
}
