import { useEffect, useState } from 'react';
import { getWebSocketBridge, type BridgeStatus } from '../bridge/index.ts';
import { useCoreStateStore } from './coreStateStore.ts';

const MESSAGES: Partial<Record<BridgeStatus, string>> = {
  reconnecting: 'Lost the link to Cast Studio’s core. Reconnecting… Your queued work is safe.',
  incompatible: 'This page is from another version of Cast Studio. Reload the page.',
  closed: 'The link to Cast Studio’s core is closed. Reload the page.',
  refused:
    'This link to Cast Studio was used already or is more than a minute old. Press Enter where Cast Studio runs for a new link, and open that.',
};

/**
 * Says when the page cannot reach core: the browser host's WebSocket is down (Electron has none),
 * or, in both shells, core itself has ended and is starting again, or has been given up on.
 */
export function BridgeStatusBanner() {
  const [status, setStatus] = useState<BridgeStatus>('open');
  const core = useCoreStateStore((s) => s.core);
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
        {message}
      </div>
    );
  }
  if (!core || core.state === 'running') return null;
  // Restarting passes by itself in a moment; stopped needs the person to act.
  return (
    <div className="bridge-banner" role={core.state === 'stopped' ? 'alert' : 'status'} data-core-state={core.state}>
      {core.message}
    </div>
  );
}
