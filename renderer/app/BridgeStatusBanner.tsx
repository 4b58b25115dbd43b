import { useEffect, useState } from 'react';
import { getWebSocketBridge, type BridgeStatus } from '../bridge/index.ts';

const MESSAGES: Partial<Record<BridgeStatus, string>> = {
  reconnecting: 'Lost the link to Cast Studio’s core. Reconnecting… Your queued work is safe.',
  incompatible: 'This page is from another version of Cast Studio. Reload the page.',
  closed: 'The link to Cast Studio’s core is closed. Reload the page.',
  refused:
    'This link to Cast Studio was used already or is more than a minute old. Press Enter where Cast Studio runs for a new link, and open that.',
};

/** In the browser host, says when the page has lost its WebSocket to the core (Electron never does). */
export function BridgeStatusBanner() {
  const [status, setStatus] = useState<BridgeStatus>('open');
  useEffect(() => getWebSocketBridge()?.onStatus(setStatus), []);
  const message = MESSAGES[status];
  if (!message) return null;
  return (
    <div className="bridge-banner" role="alert" data-bridge-status={status}>
      {message}
    </div>
  );
}
