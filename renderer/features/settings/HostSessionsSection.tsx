import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../ui/Button.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { useHostSessionsStore, type HostSession } from './hostSessionsStore.ts';

const at = (ms: number) => formatDateTime(new Date(ms).toISOString());

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
  return (
    <section
      id="settings-sessions"
      className="lib-panel settings-section"
      aria-labelledby="sessions-heading"
      data-testid="host-sessions-section"
    >
      <h2 id="sessions-heading" className="lib-section-title" tabIndex={-1}>
        Browser sessions
      </h2>
      <p className="muted">
        Each tab opened from a Cast Studio link has its own session. A session ends after 12 hours unused, or 7 days after it began; end one
        here to sign that tab out now. It opens again only from a new link.
      </p>
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
  return (
    <li className="host-session" data-session-id={session.id} data-current={session.current || undefined}>
      <span className="host-session-what">
        <strong>{session.current ? 'This tab' : 'Another tab'}</strong>
        <span className="muted host-session-times">
          <span>Opened {at(session.startedAt)}</span> · <span>last used {at(session.lastUsedAt)}</span> ·{' '}
          <span>ends by {at(session.expiresAt)}</span>
        </span>
      </span>
      <Button
        size="sm"
        variant="danger"
        busy={ending === session.id}
        disabled={ending !== null}
        onClick={onEnd}
        data-action="end-session"
        aria-label={session.current ? 'End this tab’s session' : `End the session opened ${at(session.startedAt)}`}
      >
        End
      </Button>
    </li>
  );
}
