import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { SandboxState } from '../../../shared/ipc/index.ts';
import { COMMAND_LIMITS } from '../../../shared/api/limits.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { useSandboxStore } from './sandboxStore.ts';

const OPERATION_NAMES: Record<string, MessageId> = {
  'generations.create.v1': 'settings.sandbox.op.generation',
  'characters.create.v1': 'settings.sandbox.op.character',
  'characters.regenerate.v1': 'settings.sandbox.op.regenerate',
  'voices.create.v1': 'settings.sandbox.op.voice',
  'audio.create.v1': 'settings.sandbox.op.speech',
};

/**
 * Settings → Sandbox, shown while the sandbox is the connection in use: the account owner's and the
 * approver's side of the service, so every part of the app can be tried here (approval, credits,
 * plans, the pace of jobs).
 */
export function SandboxSection() {
  const { state, busy, error, notice, setPlan, setSpeed } = useSandboxStore(
    useShallow((s) => ({
      state: s.state,
      busy: s.busy,
      error: s.error,
      notice: s.notice,
      setPlan: s.setPlan,
      setSpeed: s.setSpeed,
    })),
  );
  useEffect(() => {
    void useSandboxStore.getState().load();
  }, []);
  const intl = useIntl();
  const formats = useFormats();
  const say = (id: MessageId) => intl.formatMessage({ id });

  return (
    <section id="settings-sandbox" className="lib-panel settings-section" aria-labelledby="sandbox-heading" data-testid="sandbox-section">
      <h2 id="sandbox-heading" className="lib-section-title" tabIndex={-1}>
        {say('settings.sandbox.heading')}
      </h2>
      <p className="muted">{say('settings.sandbox.lead')}</p>
      {state && (
        <dl className="settings-facts">
          <dt>{say('settings.connect.account')}</dt>
          <dd>
            <bdi>{state.account.name}</bdi>
          </dd>
          <dt>{say('settings.connect.balance')}</dt>
          <dd data-testid="sandbox-balance">{formats.credits(state.account.balance)}</dd>
        </dl>
      )}

      <h3 className="settings-subheading">{say('settings.sandbox.waiting')}</h3>
      <PendingQuotes />

      <h3 className="settings-subheading" id="sandbox-buy">
        {say('settings.sandbox.addCredits.heading')}
      </h3>
      <AddCredits />

      {state && (
        <>
          <SegmentedControl<SandboxState['account']['plan']>
            label={say('settings.connect.plan')}
            name="sandbox-plan"
            value={state.account.plan}
            onChange={(plan) => void setPlan(plan)}
            segments={[
              { value: 'free', label: say('settings.sandbox.plan.free'), disabled: busy !== null },
              { value: 'creator', label: say('settings.sandbox.plan.creator'), disabled: busy !== null },
              { value: 'studio', label: say('settings.sandbox.plan.studio'), disabled: busy !== null },
            ]}
          />
          <SegmentedControl<SandboxState['speed']>
            label={say('settings.sandbox.speed')}
            name="sandbox-speed"
            value={state.speed}
            onChange={(speed) => void setSpeed(speed)}
            segments={[
              { value: 'fast', label: say('settings.sandbox.speed.fast'), disabled: busy !== null },
              { value: 'realtime', label: say('settings.sandbox.speed.realtime'), disabled: busy !== null },
            ]}
          />
        </>
      )}
      {notice && (
        <p className="muted" role="status" data-testid="sandbox-notice">
          {intl.formatMessage({ id: notice.message }, notice.values)}
        </p>
      )}
      <InlineError error={error} />
    </section>
  );
}

/** The prices waiting for the approver, each with Approve and Reject. */
function PendingQuotes() {
  const { state, busy, decide } = useSandboxStore(useShallow((s) => ({ state: s.state, busy: s.busy, decide: s.decide })));
  const intl = useIntl();
  const formats = useFormats();
  const operation = (id: string) => {
    const name = OPERATION_NAMES[id];
    return name ? intl.formatMessage({ id: name }) : id;
  };
  return (
    <>
      {state && state.pendingQuotes.length === 0 && <p className="muted">{intl.formatMessage({ id: 'settings.sandbox.noQuotes' })}</p>}
      {state && state.pendingQuotes.length > 0 && (
        <ul className="sandbox-quotes" data-testid="pending-quotes">
          {state.pendingQuotes.map((quote) => (
            <li key={quote.id} className="sandbox-quote" data-quote-id={quote.id}>
              <span className="sandbox-quote-what">
                <strong>{operation(quote.operationId)}</strong> · {formats.credits(quote.credits)}
                <span className="muted">
                  {' · '}
                  {intl.formatMessage({ id: 'settings.sandbox.asked' }, { when: formats.dateTimeOf(quote.createdAt) })}
                </span>
              </span>
              <Button
                size="sm"
                variant="primary"
                busy={busy === quote.id}
                disabled={busy !== null}
                onClick={() => void decide(quote.id, 'approve')}
                data-action="approve"
              >
                {intl.formatMessage({ id: 'settings.sandbox.approve' })}
              </Button>
              <Button
                size="sm"
                busy={busy === quote.id}
                disabled={busy !== null}
                onClick={() => void decide(quote.id, 'reject')}
                data-action="reject"
              >
                {intl.formatMessage({ id: 'settings.sandbox.reject' })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Credits granted to the sandbox account, as the web app's purchase would. */
function AddCredits() {
  const { busy, addCredits } = useSandboxStore(useShallow((s) => ({ busy: s.busy, addCredits: s.addCredits })));
  const [amount, setAmount] = useState('500');
  const intl = useIntl();
  const { min, max } = COMMAND_LIMITS.sandboxCredits;
  const credits = Number(amount);
  const creditsValid =
    Number.isInteger(credits) && credits >= COMMAND_LIMITS.sandboxCredits.min && credits <= COMMAND_LIMITS.sandboxCredits.max;
  return (
    <form
      className="sandbox-credits"
      onSubmit={(event) => {
        event.preventDefault();
        if (creditsValid) void addCredits(credits);
      }}
    >
      <Field
        label={intl.formatMessage({ id: 'settings.sandbox.creditsToAdd' })}
        error={amount && !creditsValid ? intl.formatMessage({ id: 'settings.sandbox.creditsInvalid' }, { min, max }) : null}
      >
        {(control) => (
          <TextInput
            {...control}
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            data-field="credits"
          />
        )}
      </Field>
      <Button type="submit" busy={busy === 'credits'} disabled={!creditsValid || busy !== null} data-action="add-credits">
        {intl.formatMessage({ id: 'settings.sandbox.addCredits' })}
      </Button>
    </form>
  );
}
