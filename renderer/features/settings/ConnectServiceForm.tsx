import { useId, useState, type FormEvent } from 'react';
import { FileUp } from 'lucide-react';
import { useIntl, type IntlShape } from 'react-intl';
import { Button as AriaButton, FileTrigger } from 'react-aria-components';
import { API_KEY_PATTERN } from '../../../shared/api/apiKeyFormat.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { APP_NAME_LIMITS } from '../../../shared/api/limits.ts';
import type { AppError, CommandInput, ConnectionCheck } from '../../../shared/ipc/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, TextArea, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useProfilesStore } from './profilesStore.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { checkText } from '../../stores/connectionStatus.ts';

export type ServiceInput = CommandInput<'profiles.add'>;

/** What reads the same in every language: example addresses, the key's shape, the certificate's header, the check marks. */
export const EXAMPLES = {
  baseUrl: 'https://api.example.com',
  cdnUrl: 'https://cdn.example.com',
  billingUrl: 'https://example.com/billing',
  apiKey: 'sk_live_…',
} as const;
const PEM_HEADER = '-----BEGIN CERTIFICATE-----';
const PEM_FILE_TYPES = ['.pem', '.crt', 'application/x-pem-file'];
export const CHECK_MARKS = { ok: '✓ ', problem: '⚠ ' } as const;

/** The sentences of one address field: empty (when it must be given), not https, not an address at all. */
type AddressProblems = { missing?: MessageId; notHttps: MessageId; notUrl: MessageId };

const ADDRESS_PROBLEMS = {
  baseUrl: {
    missing: 'settings.connect.baseUrl.missing',
    notHttps: 'settings.connect.baseUrl.notHttps',
    notUrl: 'settings.connect.baseUrl.notUrl',
  },
  cdnUrl: {
    missing: 'settings.connect.cdnUrl.missing',
    notHttps: 'settings.connect.cdnUrl.notHttps',
    notUrl: 'settings.connect.cdnUrl.notUrl',
  },
  billingUrl: { notHttps: 'settings.connect.billingUrl.notHttps', notUrl: 'settings.connect.billingUrl.notUrl' },
} satisfies Record<string, AddressProblems>;

/** What is wrong with an address, as the id of its sentence; an optional field (no `missing`) may stay empty. */
function httpsProblem(value: string, problems: AddressProblems): MessageId | null {
  if (!value.trim()) return problems.missing ?? null;
  try {
    return new URL(value.trim()).protocol === 'https:' ? null : problems.notHttps;
  } catch {
    return problems.notUrl;
  }
}

/**
 * Connect a service, in onboarding and in Settings alike: its address, media (CDN) address,
 * optional CA certificate, API key and billing page. The service is asked first (nothing is
 * stored); what it said is shown, and a connection that did not check out is saved only through a
 * second, explicit button. `save` stores the connection and switches to it, answering the error when it could not.
 */
export function ConnectServiceForm({
  save,
  onCancel,
  cancelLabel,
  initialName = '',
}: {
  save: (input: ServiceInput) => Promise<AppError | null>;
  onCancel: () => void;
  cancelLabel?: string;
  initialName?: string;
}) {
  const headingId = useId();
  const intl = useIntl();
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
        {intl.formatMessage({ id: 'settings.connections.addTitle' })}
      </h3>
      <ServiceFields draft={draft} edit={edit} problems={touched ? problems : null} />
      {flow.check && <CheckResult check={flow.check} />}
      <InlineError error={flow.error} />
      <ConnectActions
        flow={flow}
        storeAnyway={() => void flow.store(inputOf(draft))}
        onCancel={onCancel}
        cancelLabel={cancelLabel ?? intl.formatMessage({ id: 'settings.connect.cancel' })}
      />
    </form>
  );
}

/** What the form holds, as typed. */
type Draft = { name: string; baseUrl: string; cdnUrl: string; caPem: string; apiKey: string; billingUrl: string };
const EMPTY_DRAFT: Draft = { name: '', baseUrl: '', cdnUrl: '', caPem: '', apiKey: '', billingUrl: '' };
type Problems = Record<keyof Draft, MessageId | null>;

function problemsOf({ name, baseUrl, cdnUrl, caPem, apiKey, billingUrl }: Draft): Problems {
  return {
    name: name.trim() ? null : 'settings.connect.name.missing',
    baseUrl: httpsProblem(baseUrl, ADDRESS_PROBLEMS.baseUrl),
    cdnUrl: httpsProblem(cdnUrl, ADDRESS_PROBLEMS.cdnUrl),
    caPem: caPem.trim() && !caPem.includes(PEM_HEADER) ? 'settings.connect.caPem.invalid' : null,
    apiKey: apiKey.trim() && !API_KEY_PATTERN.test(apiKey.trim()) ? 'settings.connect.apiKey.invalid' : null,
    billingUrl: httpsProblem(billingUrl, ADDRESS_PROBLEMS.billingUrl),
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
function useConnectFlow(save: (input: ServiceInput) => Promise<AppError | null>) {
  const [busy, setBusy] = useState<'checking' | 'saving' | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [error, setError] = useState<AppError | null>(null);
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
    if ('code' in result) {
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
  const intl = useIntl();
  const say = (id: MessageId) => intl.formatMessage({ id });
  const problem = (field: keyof Draft) => {
    const id = problems?.[field];
    return id ? say(id) : null;
  };
  const readPem = async (file: File | undefined) => {
    if (file) edit('caPem')(await file.text());
  };
  return (
    <>
      <Field label={say('settings.connect.name')} error={problem('name')} required>
        {(control) => (
          <TextInput
            {...control}
            data-field="name"
            maxLength={APP_NAME_LIMITS.profileName}
            value={draft.name}
            onChange={(e) => edit('name')(e.target.value)}
            placeholder={say('settings.connect.name.placeholder')}
          />
        )}
      </Field>
      <Field label={say('settings.connect.baseUrl')} hint={say('settings.connect.baseUrl.hint')} error={problem('baseUrl')} required>
        {(control) => (
          <TextInput
            {...control}
            data-field="baseUrl"
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder={EXAMPLES.baseUrl}
            value={draft.baseUrl}
            onChange={(e) => edit('baseUrl')(e.target.value)}
          />
        )}
      </Field>
      <Field label={say('settings.connect.cdnUrl')} hint={say('settings.connect.cdnUrl.hint')} error={problem('cdnUrl')} required>
        {(control) => (
          <TextInput
            {...control}
            data-field="cdnUrl"
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder={EXAMPLES.cdnUrl}
            value={draft.cdnUrl}
            onChange={(e) => edit('cdnUrl')(e.target.value)}
          />
        )}
      </Field>
      <Field label={say('settings.connect.caPem')} hint={say('settings.connect.caPem.hint')} error={problem('caPem')}>
        {(control) => (
          <TextArea
            {...control}
            data-field="caPem"
            dir="ltr"
            rows={3}
            spellCheck={false}
            value={draft.caPem}
            onChange={(e) => edit('caPem')(e.target.value)}
            placeholder={PEM_HEADER}
          />
        )}
      </Field>
      <div className="file-pick">
        <FileTrigger acceptedFileTypes={PEM_FILE_TYPES} onSelect={(files) => void readPem(files?.[0])}>
          <AriaButton className="button button-secondary button-sm">
            <FileUp size={14} aria-hidden="true" />
            {say('settings.connect.caPem.choose')}
          </AriaButton>
        </FileTrigger>
      </div>
      <Field label={say('settings.connect.apiKey')} hint={say('settings.connect.apiKey.hint')} error={problem('apiKey')}>
        {(control) => (
          <TextInput
            {...control}
            data-field="apiKey"
            type="password"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder={EXAMPLES.apiKey}
            value={draft.apiKey}
            onChange={(e) => edit('apiKey')(e.target.value)}
          />
        )}
      </Field>
      <Field label={say('settings.connect.billingUrl')} hint={say('settings.connect.billingUrl.hint')} error={problem('billingUrl')}>
        {(control) => (
          <TextInput
            {...control}
            data-field="billingUrl"
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder={EXAMPLES.billingUrl}
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
  const intl = useIntl();
  if (flow.saved)
    return (
      <div className="dialog-actions">
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'settings.connect.saved' })}
        </p>
        <Button variant="primary" onClick={onCancel} data-action="done">
          {intl.formatMessage({ id: 'settings.connect.done' })}
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
          {intl.formatMessage({ id: 'settings.connect.saveAnyway' })}
        </Button>
      )}
      <Button variant="primary" type="submit" busy={busy === 'checking'} disabled={busy !== null} data-action="check-connection">
        {intl.formatMessage({ id: check && !check.ok ? 'settings.connect.checkAgain' : 'settings.connect.check' })}
      </Button>
    </div>
  );
}

/** What the service said: whose account it is, or exactly what failed. */
function CheckResult({ check }: { check: ConnectionCheck }) {
  const intl = useIntl();
  const formats = useFormats();
  return (
    <div
      className={check.ok ? 'check-result test-ok' : 'check-result test-problem'}
      role={check.ok ? 'status' : 'alert'}
      data-testid="check-result"
      data-status={check.status}
    >
      <p>
        {check.ok ? CHECK_MARKS.ok : CHECK_MARKS.problem}
        {checkText(check, formats)}
      </p>
      {check.accountName !== null && (
        <dl className="profile-facts">
          <dt>{intl.formatMessage({ id: 'settings.connect.account' })}</dt>
          <dd>
            <bdi>{check.accountName}</bdi>
          </dd>
          <dt>{intl.formatMessage({ id: 'settings.connect.plan' })}</dt>
          <dd>{planName(check.plan, intl)}</dd>
          <dt>{intl.formatMessage({ id: 'settings.connect.balance' })}</dt>
          <dd>{check.balance === null ? '—' : formats.credits(check.balance)}</dd>
        </dl>
      )}
      {!check.ok && <p className="muted">{intl.formatMessage({ id: 'settings.connect.fixHint' })}</p>}
    </div>
  );
}

/** A plan's name: the studio's words for no plan, else the service's own name for it, capitalised. */
export function planName(plan: string | null, intl: IntlShape): string {
  if (!plan || plan === 'free') return intl.formatMessage({ id: 'settings.plan.free' });
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
