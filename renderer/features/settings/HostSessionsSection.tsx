import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useHostSessionsStore, type HostSession } from './hostSessionsStore.ts';

/**
 * Settings → Browser sessions, shown in the browser host only: every tab opened from one of its
 * links holds a session until it goes unused for 12 hours or is 7 days old. Ending one signs that
 * tab out at once; it needs a new link to open the studio again.
 */
export function HostSessionsSection() {
  const { sessions, ending, error, end } = useHostSessionsStore(
    useShallow((s) => ({ sessions: s.sessions, ending: s.ending, error: s.error, end: s.end })),
  );
  useEffect(() => {
    void useHostSessionsStore.getState().load();
  }, []);
  const intl = useIntl();
  return (
    <section
      id="settings-sessions"
      className="lib-panel settings-section"
      aria-labelledby="sessions-heading"
      data-testid="host-sessions-section"
    >
      <h2 id="sessions-heading" className="lib-section-title" tabIndex={-1}>
        {intl.formatMessage({ id: 'settings.sessions.heading' })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: 'settings.sessions.lead' })}</p>
      <InlineError error={error} />
      {sessions && (
        <ul className="host-sessions" data-testid="host-sessions" aria-busy={ending !== null}>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} ending={ending} onEnd={() => void end(session.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session, ending, onEnd }: { session: HostSession; ending: string | null; onEnd: () => void }) {
  const intl = useIntl();
  const formats = useFormats();
  const at = (ms: number) => formats.dateTimeOf(new Date(ms).toISOString());
  return (
    <li className="host-session" data-session-id={session.id} data-current={session.current || undefined}>
      <span className="host-session-what">
        <strong>{intl.formatMessage({ id: session.current ? 'settings.sessions.thisTab' : 'settings.sessions.otherTab' })}</strong>
        <span className="muted host-session-times">
          <span>{intl.formatMessage({ id: 'settings.sessions.opened' }, { when: at(session.startedAt) })}</span> ·{' '}
          <span>{intl.formatMessage({ id: 'settings.sessions.lastUsed' }, { when: at(session.lastUsedAt) })}</span> ·{' '}
          <span>{intl.formatMessage({ id: 'settings.sessions.endsBy' }, { when: at(session.expiresAt) })}</span>
        </span>
      </span>
      <Button
        size="sm"
        variant="danger"
        busy={ending === session.id}
        disabled={ending !== null}
        onClick={onEnd}
        data-action="end-session"
        aria-label={
          session.current
            ? intl.formatMessage({ id: 'settings.sessions.endThis' })
            : intl.formatMessage({ id: 'settings.sessions.endOther' }, { when: at(session.startedAt) })
        }
      >
        {intl.formatMessage({ id: 'settings.sessions.end' })}
      </Button>
    </li>
  );
}
