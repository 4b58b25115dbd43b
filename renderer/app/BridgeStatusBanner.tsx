import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { getWebSocketBridge, type BridgeStatus } from '../bridge/index.ts';
import { Button } from '../ui/Button.tsx';
import { InlineError } from '../ui/InlineError.tsx';
import type { MessageId } from '../i18n/catalogs.ts';
import { useCoreStateStore, type CoreState } from './coreStateStore.ts';

const MESSAGES: Partial<Record<BridgeStatus, MessageId>> = {
  reconnecting: 'app.bridge.reconnecting',
  incompatible: 'app.bridge.incompatible',
  closed: 'app.bridge.closed',
  refused: 'app.bridge.refused',
  ended: 'app.bridge.ended',
};

/**
 * Says when the page cannot reach core: the browser host's WebSocket is down (Electron has none),
 * or, in both shells, core itself has ended and is starting again, or has been given up on.
 */
export function BridgeStatusBanner() {
  const [status, setStatus] = useState<BridgeStatus>('open');
  const core = useCoreStateStore((s) => s.core);
  const intl = useIntl();
  useEffect(() => {
    const bridge = getWebSocketBridge();
    // Events sent while the page was not connected are lost: on each (re)connect it asks what core's state is now.
    if (!bridge) {
      void useCoreStateStore.getState().load();
      return undefined;
    }
    return bridge.onStatus((next) => {
      setStatus(next);
      if (next === 'open') void useCoreStateStore.getState().load();
    });
  }, []);
  const message = MESSAGES[status];
  if (message) {
    return (
      <div className="bridge-banner" role="alert" data-bridge-status={status}>
        {intl.formatMessage({ id: message })}
      </div>
    );
  }
  if (!core || core.state === 'running') return null;
  return <CoreStateNotice core={core} className="bridge-banner" />;
}

/**
 * Core's state in the shell's own words, with what the person can do: restarting passes by itself
 * in a moment; stopped needs them to act, so it offers to start core again. The banner under the
 * header and the loading screen of a page opened while core is down both show this one notice.
 */
export function CoreStateNotice({ core, className }: { core: CoreState; className: string }) {
  const { startingAgain, startAgainError, startAgain } = useCoreStateStore(
    useShallow((s) => ({ startingAgain: s.startingAgain, startAgainError: s.startAgainError, startAgain: s.startAgain })),
  );
  const stopped = core.state === 'stopped';
  const intl = useIntl();
  return (
    <div className={`${className} core-state-notice`} role={stopped ? 'alert' : 'status'} data-core-state={core.state}>
      <p className="core-state-message">{intl.formatMessage({ id: 'app.core.notice' }, { notice: core.notice })}</p>
      {stopped ? (
        <div className="core-state-actions">
          <Button size="sm" busy={startingAgain} data-action="restart-core" onClick={() => void startAgain()}>
            {intl.formatMessage({ id: 'app.core.startAgain' })}
          </Button>
        </div>
      ) : null}
      {startAgainError ? <InlineError error={startAgainError} className="core-state-error" /> : null}
    </div>
  );
}
