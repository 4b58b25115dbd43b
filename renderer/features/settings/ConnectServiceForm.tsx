import { useId, useState, type FormEvent } from 'react';
import { FileUp } from 'lucide-react';
import { Button as AriaButton, FileTrigger } from 'react-aria-components';
import { API_KEY_PATTERN } from '../../../shared/api/apiKeyFormat.ts';
import { APP_NAME_LIMITS } from '../../../shared/api/limits.ts';
import type { CommandInput, ConnectionCheck } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, TextArea, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useProfilesStore } from './profilesStore.ts';
import { creditsText } from '../../ui/format.ts';

export type ServiceInput = CommandInput<'profiles.add'>;

function httpsProblem(value: string, what: string, required: boolean): string | null {
  if (!value.trim()) return required ? `Enter the ${what}.` : null;
  try {
    return new URL(value.trim()).protocol === 'https:' ? null : `The ${what} must start with https://.`;
  } catch {
    return `The ${what} is not a web address; it starts with https://.`;
  }
}

/**
 * Connect a service, in onboarding and in Settings alike: its address, media (CDN) address,
 * optional CA certificate, API key and billing page. The service is asked first (nothing is
 * stored); what it said is shown, and a connection that did not check out is saved only through a
 * second, explicit button. `save` stores the connection and switches to it, answering a sentence when it could not.
 */
export function ConnectServiceForm({
  save,
  onCancel,
  cancelLabel = 'Cancel',
  initialName = '',
}: {
  save: (input: ServiceInput) => Promise<string | null>;
  onCancel: () => void;
  cancelLabel?: string;
  initialName?: string;
}) {
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>({ ...EMPTY_DRAFT, name: initialName });
  const [touched, setTouched] = useState(false);
  const flow = useConnectFlow(save);
  const problems = problemsOf(draft);
  const valid = Object.values(problems).every((problem) => problem === null);

  // Any change makes the last answer about other values: check again before saving.
  const edit = (field: keyof Draft) => (value: string) => {
    setDraft((before) => ({ ...before, [field]: value }));
    flow.forget();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || flow.busy) return;
    await flow.checkAndStore(inputOf(draft));
  };

  return (
    <form
      className="form-stack connect-service"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={headingId}
      data-testid="connect-service"
    >
      <h3 id={headingId} className="visually-hidden">
        Connect a service
      </h3>
      <ServiceFields draft={draft} edit={edit} problems={touched ? problems : null} />
      {flow.check && <CheckResult check={flow.check} />}
      <InlineError error={flow.error} />
      <ConnectActions flow={flow} storeAnyway={() => void flow.store(inputOf(draft))} onCancel={onCancel} cancelLabel={cancelLabel} />
    </form>
  );
}

/** What the form holds, as typed. */
type Draft = { name: string; baseUrl: string; cdnUrl: string; caPem: string; apiKey: string; billingUrl: string };
const EMPTY_DRAFT: Draft = { name: '', baseUrl: '', cdnUrl: '', caPem: '', apiKey: '', billingUrl: '' };
type Problems = Record<keyof Draft, string | null>;

function problemsOf({ name, baseUrl, cdnUrl, caPem, apiKey, billingUrl }: Draft): Problems {
  return {
    name: name.trim() ? null : 'Give the connection a name.',
    baseUrl: httpsProblem(baseUrl, 'service address', true),
    cdnUrl: httpsProblem(cdnUrl, 'media (CDN) address', true),
    caPem:
      caPem.trim() && !caPem.includes('-----BEGIN CERTIFICATE-----')
        ? 'This does not look like a PEM certificate (it starts with -----BEGIN CERTIFICATE-----).'
        : null,
    apiKey: apiKey.trim() && !API_KEY_PATTERN.test(apiKey.trim()) ? 'An API key is sk_live_ followed by 64 hexadecimal characters.' : null,
    billingUrl: httpsProblem(billingUrl, 'billing page address', false),
  };
}

function inputOf({ name, baseUrl, cdnUrl, caPem, apiKey, billingUrl }: Draft): ServiceInput {
  return {
    name: name.trim(),
    baseUrl: baseUrl.trim(),
    cdnUrl: cdnUrl.trim(),
    ...(caPem.trim() ? { caPem: caPem.trim() } : {}),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    ...(billingUrl.trim() ? { billingUrl: billingUrl.trim() } : {}),
  };
}

type ConnectFlow = ReturnType<typeof useConnectFlow>;

/** Asking the service, then storing the connection: what is running, what the service said, what failed. */
function useConnectFlow(save: (input: ServiceInput) => Promise<string | null>) {
  const [busy, setBusy] = useState<'checking' | 'saving' | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const store = async (input: ServiceInput) => {
    setBusy('saving');
    const failed = await save(input);
    setError(failed);
    setSaved(failed === null);
    setBusy(null);
  };

  const checkAndStore = async (input: ServiceInput) => {
    setBusy('checking');
    setError(null);
    const { name: _name, billingUrl: _billing, ...candidate } = input;
    const result = await useProfilesStore.getState().check(candidate);
    if (typeof result === 'string') {
      setBusy(null);
      setError(result);
      return;
    }
    setCheck(result);
    if (result.ok) await store(input);
    else setBusy(null);
  };

  const forget = () => {
    setCheck(null);
    setError(null);
  };
  return { busy, check, error, saved, store, checkAndStore, forget };
}

/** The connection's details, each field with its own hint and, once the form was sent, its problem. */
function ServiceFields({
  draft,
  edit,
  problems,
}: {
  draft: Draft;
  edit: (field: keyof Draft) => (value: string) => void;
  problems: Problems | null;
}) {
  const readPem = async (file: File | undefined) => {
    if (file) edit('caPem')(await file.text());
  };
  return (
    <>
      <Field label="Name" error={problems?.name ?? null} required>
        {(control) => (
          <TextInput
            {...control}
            data-field="name"
            maxLength={APP_NAME_LIMITS.profileName}
            value={draft.name}
            onChange={(e) => edit('name')(e.target.value)}
            placeholder="My studio"
          />
        )}
      </Field>
      <Field label="Service address" hint="The base URL of the service's API." error={problems?.baseUrl ?? null} required>
        {(control) => (
          <TextInput
            {...control}
            data-field="baseUrl"
            type="url"
            inputMode="url"
            placeholder="https://api.example.com"
            value={draft.baseUrl}
            onChange={(e) => edit('baseUrl')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Media address (CDN)"
        hint="Where the service serves generated media, for example https://cdn.example.com."
        error={problems?.cdnUrl ?? null}
        required
      >
        {(control) => (
          <TextInput
            {...control}
            data-field="cdnUrl"
            type="url"
            inputMode="url"
            placeholder="https://cdn.example.com"
            value={draft.cdnUrl}
            onChange={(e) => edit('cdnUrl')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="CA certificate (optional)"
        hint="Only for a service whose certificate is signed by your own authority. Paste the PEM or choose the file."
        error={problems?.caPem ?? null}
      >
        {(control) => (
          <TextArea
            {...control}
            data-field="caPem"
            rows={3}
            spellCheck={false}
            value={draft.caPem}
            onChange={(e) => edit('caPem')(e.target.value)}
            placeholder="-----BEGIN CERTIFICATE-----"
          />
        )}
      </Field>
      <div className="file-pick">
        <FileTrigger acceptedFileTypes={['.pem', '.crt', 'application/x-pem-file']} onSelect={(files) => void readPem(files?.[0])}>
          <AriaButton className="button button-secondary button-sm">
            <FileUp size={14} aria-hidden="true" />
            Choose a .pem file…
          </AriaButton>
        </FileTrigger>
      </div>
      <Field
        label="API key"
        hint="Kept in your system keychain. Cast Studio shows only its first characters afterwards."
        error={problems?.apiKey ?? null}
      >
        {(control) => (
          <TextInput
            {...control}
            data-field="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="sk_live_…"
            value={draft.apiKey}
            onChange={(e) => edit('apiKey')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Billing page (optional)"
        hint="Where this service sells credits; “Buy credits” opens it."
        error={problems?.billingUrl ?? null}
      >
        {(control) => (
          <TextInput
            {...control}
            data-field="billingUrl"
            type="url"
            inputMode="url"
            placeholder="https://example.com/billing"
            value={draft.billingUrl}
            onChange={(e) => edit('billingUrl')(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** Done once saved; before that Cancel, Save anyway after a failed check, and Check and connect. */
function ConnectActions({
  flow,
  storeAnyway,
  onCancel,
  cancelLabel,
}: {
  flow: ConnectFlow;
  storeAnyway: () => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const { busy, check } = flow;
  if (flow.saved)
    return (
      <div className="dialog-actions">
        <p className="muted" role="status">
          Saved; this connection is now in use.
        </p>
        <Button variant="primary" onClick={onCancel} data-action="done">
          Done
        </Button>
      </div>
    );
  return (
    <div className="dialog-actions">
      <Button variant="ghost" onClick={onCancel} disabled={busy !== null}>
        {cancelLabel}
      </Button>
      {check && !check.ok && (
        <Button variant="secondary" onClick={storeAnyway} busy={busy === 'saving'} disabled={busy !== null} data-action="save-anyway">
          Save anyway
        </Button>
      )}
      <Button variant="primary" type="submit" busy={busy === 'checking'} disabled={busy !== null} data-action="check-connection">
        {check && !check.ok ? 'Check again' : 'Check and connect'}
      </Button>
    </div>
  );
}

/** What the service said: whose account it is, or exactly what failed. */
function CheckResult({ check }: { check: ConnectionCheck }) {
  return (
    <div
      className={check.ok ? 'check-result test-ok' : 'check-result test-problem'}
      role={check.ok ? 'status' : 'alert'}
      data-testid="check-result"
      data-status={check.status}
    >
      <p>
        {check.ok ? '✓ ' : '⚠ '}
        {check.message}
      </p>
      {check.accountName !== null && (
        <dl className="profile-facts">
          <dt>Account</dt>
          <dd>{check.accountName}</dd>
          <dt>Plan</dt>
          <dd>{planName(check.plan)}</dd>
          <dt>Balance</dt>
          <dd>{check.balance === null ? '—' : creditsText(check.balance)}</dd>
        </dl>
      )}
      {!check.ok && (
        <p className="muted">Fix the details above and check again, or save the connection anyway and fix it later in Settings.</p>
      )}
    </div>
  );
}

export function planName(plan: string | null): string {
  if (!plan || plan === 'free') return 'Free (no plan)';
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
