import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SandboxState } from '../../../shared/ipc/index.ts';
import { COMMAND_LIMITS } from '../../../shared/api/limits.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { creditsText, formatDateTime } from '../../ui/format.ts';
import { useSandboxStore } from './sandboxStore.ts';

const OPERATION_NAMES: Record<string, string> = {
  'generations.create.v1': 'Generation',
  'characters.create.v1': 'New character',
  'characters.regenerate.v1': 'Character regeneration',
  'voices.create.v1': 'Voice',
  'audio.create.v1': 'Speech',
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

  return (
    <section id="settings-sandbox" className="lib-panel settings-section" aria-labelledby="sandbox-heading" data-testid="sandbox-section">
      <h2 id="sandbox-heading" className="lib-section-title" tabIndex={-1}>
        Sandbox
      </h2>
      <p className="muted">
        What the account owner and the team’s approver do on the real service, done here for the sandbox on this computer. Sandbox credits
        are not real money.
      </p>
      {state && (
        <dl className="settings-facts">
          <dt>Account</dt>
          <dd>{state.account.name}</dd>
          <dt>Balance</dt>
          <dd data-testid="sandbox-balance">{creditsText(state.account.balance)}</dd>
        </dl>
      )}

      <h3 className="settings-subheading">Waiting for approval</h3>
      <PendingQuotes />

      <h3 className="settings-subheading" id="sandbox-buy">
        Add credits
      </h3>
      <AddCredits />

      {state && (
        <>
          <SegmentedControl<SandboxState['account']['plan']>
            label="Plan"
            name="sandbox-plan"
            value={state.account.plan}
            onChange={(plan) => void setPlan(plan)}
            segments={[
              { value: 'free', label: 'Free', disabled: busy !== null },
              { value: 'creator', label: 'Creator', disabled: busy !== null },
              { value: 'studio', label: 'Studio', disabled: busy !== null },
            ]}
          />
          <SegmentedControl<SandboxState['speed']>
            label="Speed of jobs"
            name="sandbox-speed"
            value={state.speed}
            onChange={(speed) => void setSpeed(speed)}
            segments={[
              { value: 'fast', label: 'Fast (moments)', disabled: busy !== null },
              { value: 'realtime', label: 'Real time', disabled: busy !== null },
            ]}
          />
        </>
      )}
      {notice && (
        <p className="muted" role="status" data-testid="sandbox-notice">
          {notice}
        </p>
      )}
      <InlineError error={error} />
    </section>
  );
}

/** The prices waiting for the approver, each with Approve and Reject. */
function PendingQuotes() {
  const { state, busy, decide } = useSandboxStore(useShallow((s) => ({ state: s.state, busy: s.busy, decide: s.decide })));
  return (
    <>
      {state && state.pendingQuotes.length === 0 && (
        <p className="muted">No price is waiting for approval. Prices above 50 credits wait here until they are approved.</p>
      )}
      {state && state.pendingQuotes.length > 0 && (
        <ul className="sandbox-quotes" data-testid="pending-quotes">
          {state.pendingQuotes.map((quote) => (
            <li key={quote.id} className="sandbox-quote" data-quote-id={quote.id}>
              <span className="sandbox-quote-what">
                <strong>{OPERATION_NAMES[quote.operationId] ?? quote.operationId}</strong> · {creditsText(quote.credits)}
                <span className="muted"> · asked {formatDateTime(quote.createdAt)}</span>
              </span>
              <Button
                size="sm"
                variant="primary"
                busy={busy === quote.id}
                disabled={busy !== null}
                onClick={() => void decide(quote.id, 'approve')}
                data-action="approve"
              >
                Approve
              </Button>
              <Button
                size="sm"
                busy={busy === quote.id}
                disabled={busy !== null}
                onClick={() => void decide(quote.id, 'reject')}
                data-action="reject"
              >
                Reject
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
      <Field label="Credits to add" error={amount && !creditsValid ? 'Enter a whole number from 1 to 1,000,000.' : null}>
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
        Add credits
      </Button>
    </form>
  );
}
