import { useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { ConnectionStatus, Profile } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { checkText, CONNECTION_STATUS_WORDS, connectionProblemText, statusOf } from '../../stores/connectionStatus.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { CHECK_MARKS, EXAMPLES, planName } from './ConnectServiceForm.tsx';
import { useProfilesStore } from './profilesStore.ts';
import { ServiceFactsList } from './ServiceFactsList.tsx';

const KEY_STATES: Record<Profile['keyState'], { label: MessageId; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  ok: { label: 'settings.profile.key.ok', tone: 'success' },
  unverified: { label: 'settings.profile.key.unverified', tone: 'neutral' },
  needs_new_key: { label: 'settings.profile.key.refused', tone: 'danger' },
  expired: { label: 'settings.profile.key.expired', tone: 'danger' },
  missing: { label: 'settings.profile.key.missing', tone: 'warning' },
};

/** The live state of the connection in use, in words. */
const STATUS_WORDS: Record<ConnectionStatus, MessageId> = {
  connecting: 'settings.profile.status.connecting',
  online: 'settings.profile.status.online',
  offline: 'settings.profile.status.offline',
  unreachable: 'settings.profile.status.unreachable',
  untrusted_certificate: 'settings.profile.status.untrustedCertificate',
  key_missing: 'settings.profile.status.keyMissing',
  key_refused: 'settings.profile.status.keyRefused',
  key_expired: 'settings.profile.status.keyExpired',
  plan_required: 'settings.profile.status.planRequired',
  service_error: 'settings.profile.status.serviceError',
  sandbox_restarting: 'settings.profile.status.sandboxRestarting',
  unavailable: 'settings.profile.status.unavailable',
};

/** One connection: where it points, its key (masked), and what can be done with it. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { activate, removeKey } = useProfilesStore(useShallow((s) => ({ activate: s.activate, removeKey: s.removeKey })));
  const testing = useProfilesStore((s) => s.testing === profile.id);
  const [editingKey, setEditingKey] = useState(false);
  const [apiKey, setApiKey] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [editingBilling, setEditingBilling] = useState(false);
  const [billingUrl, setBillingUrl] = useState(profile.billingUrl ?? '');
  const [editingRetention, setEditingRetention] = useState(false);
  const [retentionMinutes, setRetentionMinutes] = useState(String(profile.keyRetentionSeconds / 60));
  const remote = profile.kind === 'remote';
  const intl = useIntl();

  return (
    <li className={`profile-card${profile.active ? ' is-active' : ''}`} data-profile-id={profile.id} data-profile-kind={profile.kind}>
      <ProfileHead profile={profile} />
      <ProfileFacts profile={profile} />
      {profile.active && <ServiceFactsList profileId={profile.id} />}
      <div className="profile-actions">
        {!profile.active && (
          <Button size="sm" variant="primary" onClick={() => void activate(profile.id)}>
            {intl.formatMessage({ id: 'settings.profile.use' })}
          </Button>
        )}
        <Button size="sm" busy={testing} onClick={() => void useProfilesStore.getState().test(profile.id)}>
          {intl.formatMessage({ id: 'settings.profile.test' })}
        </Button>
        {remote && (
          <Button size="sm" onClick={() => setEditingKey((value) => !value)} aria-expanded={editingKey}>
            {intl.formatMessage({ id: profile.keyPrefix ? 'settings.profile.replaceKey' : 'settings.profile.enterKey' })}
          </Button>
        )}
        {remote && profile.keyPrefix && (
          <Button size="sm" variant="ghost" onClick={() => void removeKey(profile.id)}>
            {intl.formatMessage({ id: 'settings.profile.removeKey' })}
          </Button>
        )}
        {remote && (
          <Button size="sm" variant="ghost" onClick={() => setEditingBilling((value) => !value)} aria-expanded={editingBilling}>
            {intl.formatMessage({ id: 'settings.profile.billing' })}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setEditingRetention((value) => !value)} aria-expanded={editingRetention}>
          {intl.formatMessage({ id: 'settings.profile.retention' })}
        </Button>
        {/* The connection in use is never removed from under the app: switch to another first. */}
        {remote && !profile.active && (
          <Button size="sm" variant="ghost" onClick={() => setConfirmRemove(true)} data-action="remove-connection">
            {intl.formatMessage({ id: 'settings.profile.remove' })}
          </Button>
        )}
      </div>
      {remote && profile.active && <p className="muted profile-note">{intl.formatMessage({ id: 'settings.profile.removeNote' })}</p>}
      {editingBilling && (
        <BillingForm profile={profile} value={billingUrl} onChange={setBillingUrl} onSaved={() => setEditingBilling(false)} />
      )}
      {editingRetention && (
        <RetentionForm
          profile={profile}
          value={retentionMinutes}
          onChange={setRetentionMinutes}
          onSaved={() => setEditingRetention(false)}
        />
      )}
      {editingKey && (
        <KeyForm
          profile={profile}
          value={apiKey}
          onChange={setApiKey}
          onSaved={() => {
            setApiKey('');
            setEditingKey(false);
          }}
        />
      )}
      <ProfileOutcome profile={profile} />
      <RemoveDialog profile={profile} open={confirmRemove} onClose={() => setConfirmRemove(false)} />
    </li>
  );
}

/** The connection's name, whether it is in use, its live state and its key's state. */
function ProfileHead({ profile }: { profile: Profile }) {
  const connection = useConnectionStore((s) => s.connection);
  const remote = profile.kind === 'remote';
  const keyState = KEY_STATES[profile.keyState];
  // Only the connection in use has a live state; the others show what their last check found.
  const live = profile.active && connection?.profile?.id === profile.id ? statusOf(connection) : null;
  const liveWords = live ? CONNECTION_STATUS_WORDS[live] : null;
  const intl = useIntl();
  const formats = useFormats();
  const words = live ? intl.formatMessage({ id: STATUS_WORDS[live] }) : '';
  return (
    <>
      <div className="profile-head">
        <h3 className="profile-name">{remote ? <bdi>{profile.name}</bdi> : intl.formatMessage({ id: 'settings.profile.sandbox' })}</h3>
        {profile.active && <Badge tone="accent">{intl.formatMessage({ id: 'settings.profile.inUse' })}</Badge>}
        {liveWords && (
          <span className="profile-status" data-testid="profile-status" data-connection={live ?? undefined}>
            <span className={`status-dot status-dot-${liveWords.tone}`} aria-hidden="true" />
            {words.charAt(0).toLocaleUpperCase(intl.locale) + words.slice(1)}
          </span>
        )}
        {remote && (
          <span data-testid="key-state" data-key-state={profile.keyState}>
            <Badge tone={keyState.tone}>{intl.formatMessage({ id: keyState.label })}</Badge>
          </span>
        )}
      </div>
      {live && connection?.problem && (
        <p className="profile-problem" role="status" data-testid="profile-problem" data-reason={connection.problem.reason}>
          {connectionProblemText(connection.problem, formats)}
        </p>
      )}
    </>
  );
}

/** Where the connection points and what it keeps. */
function ProfileFacts({ profile }: { profile: Profile }) {
  const remote = profile.kind === 'remote';
  const intl = useIntl();
  const formats = useFormats();
  const say = (id: MessageId) => intl.formatMessage({ id });
  return (
    <dl className="profile-facts">
      <dt>{say('settings.profile.service')}</dt>
      <dd className="mono">
        <bdi dir="ltr">{profile.baseUrl}</bdi>
      </dd>
      <dt>{say('settings.profile.media')}</dt>
      <dd className="mono">
        <bdi dir="ltr">{profile.cdnUrl}</bdi>
      </dd>
      {remote && (
        <>
          <dt>{say('settings.profile.certificate')}</dt>
          <dd>{say(profile.hasCustomCa ? 'settings.profile.certificate.custom' : 'settings.profile.certificate.system')}</dd>
          <dt>{say('settings.connect.apiKey')}</dt>
          <dd className="mono" data-testid="key-mask">
            {profile.keyPrefix ? <bdi dir="ltr">{`${profile.keyPrefix}••••••••`}</bdi> : say('settings.profile.key.none')}
          </dd>
          <dt>{say('settings.profile.billingPage')}</dt>
          <dd className="mono">{profile.billingUrl ? <bdi dir="ltr">{profile.billingUrl}</bdi> : say('settings.profile.notSet')}</dd>
          {profile.keyLastUsedAt && (
            <>
              <dt>{say('settings.profile.keyLastUsed')}</dt>
              <dd>{formats.dateTimeOf(profile.keyLastUsedAt)}</dd>
            </>
          )}
        </>
      )}
      {!remote && (
        <>
          <dt>{say('settings.profile.whatItIs')}</dt>
          <dd>{say('settings.profile.sandboxWhat')}</dd>
        </>
      )}
      <dt>{say('settings.profile.keysKept')}</dt>
      <dd data-testid="key-retention">{retentionWords(profile.keyRetentionSeconds, intl)}</dd>
    </dl>
  );
}

/** Minutes may have a fraction (90 seconds is 1.5). */
const ANY_STEP = 'any';

type FieldFormProps = { profile: Profile; value: string; onChange: (value: string) => void; onSaved: () => void };

function BillingForm({ profile, value: billingUrl, onChange: setBillingUrl, onSaved }: FieldFormProps) {
  const intl = useIntl();
  const saveBilling = async (event: FormEvent) => {
    event.preventDefault();
    if (await useProfilesStore.getState().setBillingUrl(profile.id, billingUrl.trim() || null)) onSaved();
  };
  return (
    <form className="profile-key-form" onSubmit={(event) => void saveBilling(event)}>
      <Field
        label={intl.formatMessage({ id: 'settings.profile.billingPage' })}
        hint={intl.formatMessage({ id: 'settings.profile.billing.hint' })}
      >
        {(control) => (
          <TextInput
            {...control}
            type="url"
            dir="ltr"
            inputMode="url"
            value={billingUrl}
            onChange={(event) => setBillingUrl(event.target.value)}
            placeholder={EXAMPLES.billingUrl}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="sm">
        {intl.formatMessage({ id: 'settings.profile.billing.save' })}
      </Button>
    </form>
  );
}

function RetentionForm({ profile, value: retentionMinutes, onChange: setRetentionMinutes, onSaved }: FieldFormProps) {
  const intl = useIntl();
  const saveRetention = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = Math.round(Number(retentionMinutes) * 60);
    if (!Number.isFinite(seconds) || seconds < 1) return;
    if (await useProfilesStore.getState().setKeyRetention(profile.id, seconds)) onSaved();
  };
  return (
    <form className="profile-key-form" onSubmit={(event) => void saveRetention(event)}>
      <Field
        label={intl.formatMessage({ id: 'settings.profile.retention.label' })}
        hint={intl.formatMessage({ id: 'settings.profile.retention.hint' })}
      >
        {(control) => (
          <TextInput
            {...control}
            type="number"
            min={0}
            step={ANY_STEP}
            inputMode="decimal"
            value={retentionMinutes}
            onChange={(event) => setRetentionMinutes(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="sm" disabled={retentionMinutes.trim() === '' || !(Number(retentionMinutes) >= 0)}>
        {intl.formatMessage({ id: 'settings.profile.retention.save' })}
      </Button>
    </form>
  );
}

function KeyForm({ profile, value: apiKey, onChange: setApiKey, onSaved }: FieldFormProps) {
  const setKey = useProfilesStore((s) => s.setKey);
  const intl = useIntl();
  const saveKey = async (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey.trim()) return;
    if (await setKey(profile.id, apiKey.trim())) onSaved();
  };
  return (
    <form className="profile-key-form" onSubmit={(event) => void saveKey(event)}>
      <Field label={intl.formatMessage({ id: 'settings.connect.apiKey' })} hint={intl.formatMessage({ id: 'settings.profile.key.hint' })}>
        {(control) => (
          <TextInput
            {...control}
            type="password"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            placeholder={EXAMPLES.apiKey}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="sm" disabled={!apiKey.trim()}>
        {intl.formatMessage({ id: 'settings.profile.key.save' })}
      </Button>
    </form>
  );
}

/** What the last test of the connection found, and any notice about it. */
function ProfileOutcome({ profile }: { profile: Profile }) {
  const { test, notice } = useProfilesStore(useShallow((s) => ({ test: s.tests[profile.id], notice: s.notices[profile.id] })));
  const intl = useIntl();
  const formats = useFormats();
  const describe = useDescribeError();
  return (
    <>
      {test && (
        <p className={test.ok ? 'test-ok' : 'test-problem'} role="status" data-testid="test-result" data-status={test.status}>
          {test.ok ? CHECK_MARKS.ok : CHECK_MARKS.problem}
          {'error' in test ? describe(test.error) : checkText(test, formats)}
          {test.plan ? ` ${intl.formatMessage({ id: 'settings.profile.test.plan' }, { plan: planName(test.plan, intl) })}` : ''}
          {test.balance !== null
            ? ` ${intl.formatMessage({ id: 'settings.profile.test.balance' }, { balance: formats.credits(test.balance) })}`
            : ''}
        </p>
      )}
      {notice && (
        <p className="muted" role="status">
          {'message' in notice ? intl.formatMessage({ id: notice.message }) : describe(notice.error)}
        </p>
      )}
    </>
  );
}

function RemoveDialog({ profile, open, onClose }: { profile: Profile; open: boolean; onClose: () => void }) {
  const remove = useProfilesStore((s) => s.remove);
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'settings.profile.removeTitle' }, { name: <bdi>{profile.name}</bdi> })}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>{intl.formatMessage({ id: 'settings.profile.removeCancel' })}</Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              void remove(profile.id);
            }}
          >
            {intl.formatMessage({ id: 'settings.profile.removeConfirm' })}
          </Button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'settings.profile.removeBody' })}</p>
    </Dialog>
  );
}

function retentionWords(seconds: number, intl: IntlShape): string {
  if (seconds === 0) return intl.formatMessage({ id: 'settings.profile.retention.none' });
  if (seconds % 3_600 === 0) return intl.formatMessage({ id: 'settings.profile.retention.hours' }, { count: seconds / 3_600 });
  if (seconds % 60 === 0) return intl.formatMessage({ id: 'settings.profile.retention.minutes' }, { count: seconds / 60 });
  return intl.formatMessage({ id: 'settings.profile.retention.seconds' }, { count: seconds });
}
