import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Field, TextArea, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useProfilesStore } from './profilesStore.ts';

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Connect a remote service: base URL, CDN origin, optional CA certificate and the API key. */
export function AddServiceForm({ onDone }: { onDone: () => void }) {
  const error = useProfilesStore((s) => s.error);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [cdnUrl, setCdnUrl] = useState('');
  const [caPem, setCaPem] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);

  const baseError = baseUrl && !isHttpsUrl(baseUrl) ? 'The service address must start with https://.' : null;
  const cdnError = cdnUrl && !isHttpsUrl(cdnUrl) ? 'The media address must start with https://.' : null;
  const caError = caPem.trim() && !caPem.includes('-----BEGIN CERTIFICATE-----') ? 'This does not look like a PEM certificate (it starts with -----BEGIN CERTIFICATE-----).' : null;
  const valid = name.trim() && isHttpsUrl(baseUrl) && isHttpsUrl(cdnUrl) && !caError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    const added = await useProfilesStore.getState().add({
      name: name.trim(),
      baseUrl: baseUrl.trim(),
      cdnUrl: cdnUrl.trim(),
      ...(caPem.trim() ? { caPem: caPem.trim() } : {}),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    });
    setBusy(false);
    if (added) onDone();
  };

  const readPem = async (file: File | undefined) => {
    if (file) setCaPem(await file.text());
  };

  return (
    <form className="add-service lib-panel" onSubmit={submit} aria-labelledby="add-service-heading">
      <h3 id="add-service-heading">Connect a service</h3>
      <Field label="Name" required>
        {(control) => <TextInput {...control} maxLength={100} value={name} onChange={(event) => setName(event.target.value)} placeholder="My studio" />}
      </Field>
      <Field label="Service address (base URL)" required error={baseError}>
        {(control) => <TextInput {...control} type="url" value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} placeholder="https://api.example.com" />}
      </Field>
      <Field label="Media address (CDN origin)" required error={cdnError}>
        {(control) => <TextInput {...control} type="url" value={cdnUrl} onChange={(event) => setCdnUrl(event.target.value)} placeholder="https://cdn.example.com" />}
      </Field>
      <Field label="CA certificate (optional)" hint="Only for a service whose certificate is signed by your own authority. Paste the PEM or choose the file." error={caError}>
        {(control) => <TextArea {...control} rows={3} spellCheck={false} value={caPem} onChange={(event) => setCaPem(event.target.value)} placeholder="-----BEGIN CERTIFICATE-----" />}
      </Field>
      <label className="file-pick">
        <span>Choose a .pem file…</span>
        <input type="file" accept=".pem,.crt,application/x-pem-file" onChange={(event) => void readPem(event.target.files?.[0])} />
      </label>
      <Field label="API key" hint="Entered once and stored in the system keychain; Cast Studio only ever shows its first characters.">
        {(control) => <TextInput {...control} type="password" autoComplete="off" spellCheck={false} value={apiKey} onChange={(event) => setApiKey(event.target.value)} placeholder="sk_live_…" />}
      </Field>
      <InlineError error={error} />
      <div className="form-actions">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" busy={busy} disabled={!valid}>
          Add connection
        </Button>
      </div>
    </form>
  );
}
