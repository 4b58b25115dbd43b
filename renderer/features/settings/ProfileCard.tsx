import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Profile } from '../../../shared/ipc/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { CONNECTION_STATUS_WORDS, statusOf } from '../../stores/connectionStatus.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { creditsText, formatDateTime } from '../../ui/format.ts';
import { planName } from './ConnectServiceForm.tsx';
import { useProfilesStore } from './profilesStore.ts';
import { ServiceFactsList } from './ServiceFactsList.tsx';

const KEY_STATES: Record<Profile['keyState'], { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  ok: { label: 'Key works', tone: 'success' },
  unverified: { label: 'Key not checked yet', tone: 'neutral' },
  needs_new_key: { label: 'Key refused', tone: 'danger' },
  expired: { label: 'Key expired', tone: 'danger' },
  missing: { label: 'No key', tone: 'warning' },
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

  return (
    <li className={`profile-card${profile.active ? ' is-active' : ''}`} data-profile-id={profile.id} data-profile-kind={profile.kind}>
      <ProfileHead profile={profile} />
      <ProfileFacts profile={profile} />
      {profile.active && <ServiceFactsList profileId={profile.id} />}
      <div className="profile-actions">
        {!profile.active && (
          <Button size="sm" variant="primary" onClick={() => void activate(profile.id)}>
            Use this connection
          </Button>
        )}
        <Button size="sm" busy={testing} onClick={() => void useProfilesStore.getState().test(profile.id)}>
          Test connection
        </Button>
        {remote && (
          <Button size="sm" onClick={() => setEditingKey((value) => !value)} aria-expanded={editingKey}>
            {profile.keyPrefix ? 'Replace key…' : 'Enter key…'}
          </Button>
        )}
        {remote && profile.keyPrefix && (
          <Button size="sm" variant="ghost" onClick={() => void removeKey(profile.id)}>
            Remove key
          </Button>
        )}
        {remote && (
          <Button size="sm" variant="ghost" onClick={() => setEditingBilling((value) => !value)} aria-expanded={editingBilling}>
            Billing page…
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setEditingRetention((value) => !value)} aria-expanded={editingRetention}>
          Request key retention…
        </Button>
        {/* The connection in use is never removed from under the app: switch to another first. */}
        {remote && !profile.active && (
          <Button size="sm" variant="ghost" onClick={() => setConfirmRemove(true)} data-action="remove-connection">
            Remove connection…
          </Button>
        )}
      </div>
      {remote && profile.active && <p className="muted profile-note">To remove this connection, switch to another one first.</p>}
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
  return (
    <>
      <div className="profile-head">
        <h3 className="profile-name">{remote ? profile.name : 'Sandbox (on this computer)'}</h3>
        {profile.active && <Badge tone="accent">In use</Badge>}
        {liveWords && (
          <span className="profile-status" data-testid="profile-status" data-connection={live ?? undefined}>
            <span className={`status-dot status-dot-${liveWords.tone}`} aria-hidden="true" />
            {liveWords.words.charAt(0).toUpperCase() + liveWords.words.slice(1)}
          </span>
        )}
        {remote && (
          <span data-testid="key-state" data-key-state={profile.keyState}>
            <Badge tone={keyState.tone}>{keyState.label}</Badge>
          </span>
        )}
      </div>
      {live && connection?.problem && (
        <p className="profile-problem" role="status" data-testid="profile-problem">
          {connection.problem}
        </p>
      )}
    </>
  );
}

/** Where the connection points and what it keeps. */
function ProfileFacts({ profile }: { profile: Profile }) {
  const remote = profile.kind === 'remote';
  return (
    <dl className="profile-facts">
      <dt>Service</dt>
      <dd className="mono">{profile.baseUrl}</dd>
      <dt>Media (CDN)</dt>
      <dd className="mono">{profile.cdnUrl}</dd>
      {remote && (
        <>
          <dt>Certificate</dt>
          <dd>{profile.hasCustomCa ? 'Custom CA trusted for this service' : 'System certificates'}</dd>
          <dt>API key</dt>
          <dd className="mono" data-testid="key-mask">
            {profile.keyPrefix ? `${profile.keyPrefix}••••••••` : 'None stored'}
          </dd>
          <dt>Billing page</dt>
          <dd className="mono">{profile.billingUrl ?? 'Not set'}</dd>
          {profile.keyLastUsedAt && (
            <>
              <dt>Key last used</dt>
              <dd>{formatDateTime(profile.keyLastUsedAt)}</dd>
            </>
          )}
        </>
      )}
      {!remote && (
        <>
          <dt>What it is</dt>
          <dd>Simulated generation with free sandbox credits; nothing leaves this computer.</dd>
        </>
      )}
      <dt>Request keys kept</dt>
      <dd data-testid="key-retention">{retentionWords(profile.keyRetentionSeconds)}</dd>
    </dl>
  );
}

type FieldFormProps = { profile: Profile; value: string; onChange: (value: string) => void; onSaved: () => void };

function BillingForm({ profile, value: billingUrl, onChange: setBillingUrl, onSaved }: FieldFormProps) {
  const saveBilling = async (event: FormEvent) => {
    event.preventDefault();
    if (await useProfilesStore.getState().setBillingUrl(profile.id, billingUrl.trim() || null)) onSaved();
  };
  return (
    <form className="profile-key-form" onSubmit={(event) => void saveBilling(event)}>
      <Field label="Billing page" hint="Where this service sells credits; “Buy credits” opens it. Leave empty to remove it.">
        {(control) => (
          <TextInput
            {...control}
            type="url"
            inputMode="url"
            value={billingUrl}
            onChange={(event) => setBillingUrl(event.target.value)}
            placeholder="https://example.com/billing"
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="sm">
        Save billing page
      </Button>
    </form>
  );
}

function RetentionForm({ profile, value: retentionMinutes, onChange: setRetentionMinutes, onSaved }: FieldFormProps) {
  const saveRetention = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = Math.round(Number(retentionMinutes) * 60);
    if (!Number.isFinite(seconds) || seconds < 1) return;
    if (await useProfilesStore.getState().setKeyRetention(profile.id, seconds)) onSaved();
  };
  return (
    <form className="profile-key-form" onSubmit={(event) => void saveRetention(event)}>
      <Field
        label="Request keys kept (minutes)"
        hint="How long this service recognises a request it already ran. A request whose answer was lost is sent again only in its first few seconds, and never past this time; after that, Cast Studio looks for it in the service’s history instead. 0 means the service keeps none."
      >
        {(control) => (
          <TextInput
            {...control}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={retentionMinutes}
            onChange={(event) => setRetentionMinutes(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="sm" disabled={retentionMinutes.trim() === '' || !(Number(retentionMinutes) >= 0)}>
        Save retention
      </Button>
    </form>
  );
}

function KeyForm({ profile, value: apiKey, onChange: setApiKey, onSaved }: FieldFormProps) {
  const setKey = useProfilesStore((s) => s.setKey);
  const saveKey = async (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey.trim()) return;
    if (await setKey(profile.id, apiKey.trim())) onSaved();
  };
  return (
    <form className="profile-key-form" onSubmit={(event) => void saveKey(event)}>
      <Field label="API key" hint="Shown once in the web app. It is stored in the system keychain and never displayed again.">
        {(control) => (
          <TextInput
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            placeholder="sk_live_…"
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="sm" disabled={!apiKey.trim()}>
        Save key
      </Button>
    </form>
  );
}

/** What the last test of the connection found, and any notice about it. */
function ProfileOutcome({ profile }: { profile: Profile }) {
  const { test, notice } = useProfilesStore(useShallow((s) => ({ test: s.tests[profile.id], notice: s.notices[profile.id] })));
  return (
    <>
      {test && (
        <p className={test.ok ? 'test-ok' : 'test-problem'} role="status" data-testid="test-result" data-status={test.status}>
          {test.ok ? '✓ ' : '⚠ '}
          {test.message}
          {test.plan ? ` Plan: ${planName(test.plan)}.` : ''}
          {test.balance !== null ? ` Balance: ${creditsText(test.balance)}.` : ''}
        </p>
      )}
      {notice && (
        <p className="muted" role="status">
          {notice}
        </p>
      )}
    </>
  );
}

function RemoveDialog({ profile, open, onClose }: { profile: Profile; open: boolean; onClose: () => void }) {
  const remove = useProfilesStore((s) => s.remove);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Remove “${profile.name}”?`}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              void remove(profile.id);
            }}
          >
            Remove
          </Button>
        </>
      }
    >
      <p>The connection and its key are forgotten. Your local library keeps everything it already holds.</p>
    </Dialog>
  );
}

function retentionWords(seconds: number): string {
  if (seconds === 0) return 'none';
  if (seconds % 3_600 === 0) return seconds === 3_600 ? '1 hour' : `${seconds / 3_600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
