import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useAccountStore } from '../stores/accountStore.ts';
import { CONNECTION_STATUS_WORDS, connectionProblemText, statusOf } from '../stores/connectionStatus.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { selectInFlightCount, useJobsStore } from '../stores/jobsStore.ts';
import { useCoreStateStore } from './coreStateStore.ts';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { UpdateReadyButton } from './UpdateReadyButton.tsx';
import { useFormats } from '../i18n/LanguageProvider.tsx';

/** Always in view: the balance, the connection and its state, and the jobs in flight. */
export function AppHeader() {
  const balance = useAccountStore((s) => s.balance);
  const { connection } = useConnectionStore(useShallow((s) => ({ connection: s.connection })));
  const inFlight = useJobsStore(selectInFlightCount);
  const go = useNavigationStore((s) => s.go);
  const coreState = useCoreStateStore((s) => s.core?.state);
  // While core is down the last connection event is stale: the pill says what the banner says.
  const status = coreState === 'stopped' ? 'unavailable' : coreState === 'restarting' ? 'connecting' : statusOf(connection);
  const { tone } = CONNECTION_STATUS_WORDS[status];
  const intl = useIntl();
  const words = intl.formatMessage({ id: 'header.connectionStatus' }, { status });
  const profile = connection?.profile;
  const formats = useFormats();

  return (
    <header className="app-header">
      <div className="app-brand">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="app-logo">
          <rect x="2" y="2" width="20" height="20" rx="6" fill="var(--accent)" />
          <circle cx="12" cy="10" r="3.2" fill="var(--accent-contrast)" />
          <path
            d="M6.5 18.5c1-2.8 3-4.2 5.5-4.2s4.5 1.4 5.5 4.2"
            fill="none"
            stroke="var(--accent-contrast)"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        <span className="app-name">Cast Studio</span>
      </div>
      <div className="app-status" role="group" aria-label={intl.formatMessage({ id: 'header.status' })}>
        <UpdateReadyButton />
        {connection?.problem ? (
          <span className="header-problem" role="status" data-reason={connection.problem.reason}>
            {connectionProblemText(connection.problem, formats)}
          </span>
        ) : null}
        <button
          type="button"
          className="header-pill"
          onClick={() => go('settings')}
          data-connection={status}
          data-tone={tone}
          title={intl.formatMessage({ id: 'header.connectionSettings' })}
        >
          <span className={`status-dot status-dot-${tone}`} aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage({ id: 'header.connection' })} </span>
          <span>
            {!profile ? (
              intl.formatMessage({ id: 'header.connection.none' })
            ) : profile.kind === 'sandbox' ? (
              intl.formatMessage({ id: 'header.connection.sandbox' })
            ) : (
              <bdi>{profile.name}</bdi>
            )}
          </span>
          <span className="header-pill-sub" data-testid="connection-words">
            {words}
          </span>
        </button>
        <button
          type="button"
          className="header-pill"
          onClick={() => go('queue')}
          data-jobs-in-flight={inFlight}
          title={intl.formatMessage({ id: 'header.openQueue' })}
        >
          {inFlight > 0 ? <span className="badge-pulse" aria-hidden="true" /> : null}
          <span>{formats.number(inFlight)}</span>
          <span className="header-pill-sub">{intl.formatMessage({ id: 'header.jobsInFlight' }, { count: inFlight })}</span>
        </button>
        <button
          type="button"
          className="header-pill header-balance"
          onClick={() => go('credits')}
          data-balance={balance ?? undefined}
          title={intl.formatMessage({ id: 'header.openCredits' })}
        >
          <span className="visually-hidden">{intl.formatMessage({ id: 'header.balance' })} </span>
          <strong>{balance === null ? '—' : formats.credits(balance)}</strong>
        </button>
      </div>
    </header>
  );
}
