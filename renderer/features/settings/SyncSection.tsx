import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { SpaceStatus, SpaceSyncState } from '../../../shared/ipc/index.ts';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useSyncStore } from './syncStore.ts';

type Joined = Exclude<SpaceSyncState, 'off'>;

const TONE: Record<Joined, BadgeTone> = {
  connecting: 'neutral',
  synced: 'success',
  syncing: 'info',
  offline: 'warning',
  refused: 'danger',
};

/**
 * Settings → Sync: the space the connection in use is in. Joining takes the sync server's address
 * and a join code from the space's owner; once in, the space's name, who this person is in it, and
 * how it syncs show, with a way out (asked first).
 */
export function SyncSection() {
  const intl = useIntl();
  const status = useSyncStore((s) => s.status);
  useEffect(() => {
    void useSyncStore.getState().load();
  }, []);
  return (
    <section id="sync" className="lib-panel settings-section" aria-labelledby="sync-heading" data-testid="sync-section">
      <h2 id="sync-heading" className="lib-section-title" tabIndex={-1}>
        {intl.formatMessage({ id: 'sync.heading' })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: 'sync.intro' })}</p>
      {status?.membership ? <SpaceCard status={status} /> : <JoinForm />}
    </section>
  );
}

function JoinForm() {
  const intl = useIntl();
  const { busy, error, join } = useSyncStore(useShallow((s) => ({ busy: s.busy, error: s.error, join: s.join })));
  const [serverUrl, setServerUrl] = useState('');
  const [joinCode, setJoinCode] = useState('');
  const describe = useDescribeError();
  // An error about one of the two fields shows under it; any other, under the form.
  const fieldError = (field: string) => (error?.field === field ? describe(error) : null);
  const errors = { serverUrl: fieldError('serverUrl'), joinCode: fieldError('joinCode') };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void join(serverUrl, joinCode).then((joined) => joined && setJoinCode(''));
  };
  return (
    <form className="form-stack sync-join" onSubmit={submit} noValidate data-testid="sync-join">
      <Field
        label={intl.formatMessage({ id: 'sync.join.serverUrl' })}
        hint={intl.formatMessage({ id: 'sync.join.serverUrl.hint' })}
        error={errors.serverUrl}
      >
        {(control) => (
          <TextInput
            {...control}
            data-field="serverUrl"
            type="url"
            dir="ltr"
            autoComplete="url"
            value={serverUrl}
            onChange={(e) => setServerUrl(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={intl.formatMessage({ id: 'sync.join.code' })}
        hint={intl.formatMessage({ id: 'sync.join.code.hint' })}
        error={errors.joinCode}
      >
        {(control) => (
          <TextInput
            {...control}
            data-field="joinCode"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={joinCode}
            onChange={(e) => setJoinCode(e.target.value)}
          />
        )}
      </Field>
      {error && error.field !== 'serverUrl' && error.field !== 'joinCode' && <InlineError error={error} />}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          busy={busy === 'join'}
          disabled={!serverUrl.trim() || !joinCode.trim()}
          data-action="join-space"
        >
          {intl.formatMessage({ id: 'sync.join.submit' })}
        </Button>
      </div>
    </form>
  );
}

function SpaceCard({ status }: { status: SpaceStatus }) {
  const intl = useIntl();
  const { busy, error, leave, clearError } = useSyncStore(
    useShallow((s) => ({ busy: s.busy, error: s.error, leave: s.leave, clearError: s.clearError })),
  );
  const [asking, setAsking] = useState(false);
  const membership = status.membership!;
  const state = status.state === 'off' ? 'connecting' : status.state;
  const close = () => {
    setAsking(false);
    clearError();
  };
  return (
    <div className="sync-space" data-testid="sync-space" data-state={state}>
      <dl className="settings-facts">
        <dt>{intl.formatMessage({ id: 'sync.space' })}</dt>
        <dd data-testid="sync-space-name">
          <bdi>{membership.spaceName}</bdi>
        </dd>
        <dt>{intl.formatMessage({ id: 'sync.member' })}</dt>
        <dd data-testid="sync-member-name">
          <bdi>{membership.memberName}</bdi>
        </dd>
        <dt>{intl.formatMessage({ id: 'sync.server' })}</dt>
        <dd className="path">
          <bdi dir="ltr">{membership.serverUrl}</bdi>
        </dd>
        <dt>{intl.formatMessage({ id: 'sync.status' })}</dt>
        <dd>
          <SyncState state={state} pendingChanges={status.pendingChanges} />
        </dd>
      </dl>
      <div className="form-actions">
        <Button variant="danger" onClick={() => setAsking(true)} data-action="leave-space">
          {intl.formatMessage({ id: 'sync.leave' })}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={close}
        onConfirm={() => void leave().then((left) => left && setAsking(false))}
        title={intl.formatMessage({ id: 'sync.leave.title' }, { space: isolated(membership.spaceName) })}
        confirmLabel={intl.formatMessage({ id: 'sync.leave.confirm' })}
        danger
        busy={busy === 'leave'}
        error={error}
        name="leave-space"
      >
        <p>{intl.formatMessage({ id: 'sync.leave.body' })}</p>
      </ConfirmDialog>
    </div>
  );
}

/** A name a person wrote, isolated inside a sentence given as text (a title), as `<bdi>` does in markup. */
function isolated(name: string): string {
  return `\u2068${name}\u2069`;
}

function SyncState({ state, pendingChanges }: { state: Joined; pendingChanges: number }) {
  const intl = useIntl();
  const waiting = state === 'offline' || state === 'syncing' || pendingChanges > 0;
  return (
    <div className="sync-state" role="status" data-testid="sync-state">
      <span className="sync-state-line">
        <Badge tone={TONE[state]}>{intl.formatMessage({ id: `sync.state.${state}` })}</Badge>
        {waiting && (
          <span className="sync-pending" data-testid="sync-pending">
            {intl.formatMessage({ id: 'sync.pending' }, { count: pendingChanges })}
          </span>
        )}
      </span>
      <span className="muted">{intl.formatMessage({ id: `sync.detail.${state}` })}</span>
    </div>
  );
}
