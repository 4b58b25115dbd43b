import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { Button } from '../../ui/Button.tsx';
import { SaidText, type Words } from '../../ui/SaidText.tsx';

/**
 * "Buy credits" goes where credits are bought for the connection in use: Settings → Sandbox for the
 * sandbox; the service's billing page when the connection has one; otherwise it says where to buy.
 */
export function BuyCreditsButton() {
  const profile = useConnectionStore((s) => s.connection?.profile ?? null);
  const host = useAppInfoStore((s) => s.info?.host);
  // Kept as a message and worded when shown, so a change of language reaches it.
  const [hint, setHint] = useState<Words | null>(null);
  const intl = useIntl();

  const buy = async () => {
    setHint(null);
    if (!profile) return;
    if (profile.kind === 'sandbox') {
      useNavigationStore.getState().openSettingsSection('settings-sandbox');
      return;
    }
    if (!profile.billingUrl) {
      setHint({ id: 'credits.buy.noBillingPage', values: { service: profile.name } });
      return;
    }
    if (host === 'browser') {
      window.open(profile.billingUrl, '_blank', 'noopener,noreferrer');
      return;
    }
    const reply = await invoke('shell.openExternal', { url: profile.billingUrl });
    if (!reply.ok) setHint({ id: 'credits.buy.openFailed', values: { url: profile.billingUrl } });
  };

  return (
    <div className="buy-credits">
      <Button variant="primary" onClick={() => void buy()} disabled={!profile} data-action="buy-credits">
        {intl.formatMessage({ id: 'credits.buy' })}
      </Button>
      {hint && (
        <p className="muted" role="status" data-testid="buy-credits-hint">
          <SaidText said={hint} />
        </p>
      )}
    </div>
  );
}
