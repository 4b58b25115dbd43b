import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { LIMITS } from '../../../shared/api/limits.ts';
import { submitOnCommandEnter } from '../../app/formSubmit.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { useRegenerateStore } from './regenerateStore.ts';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';

/** Regenerate the portraits, fully or with an edit instruction; the price is on the button. */
export function RegenerateDialog({ open, onClose, characterName }: { open: boolean; onClose: () => void; characterName: string }) {
  const intl = useIntl();
  const { customDetails, price, submitting, error, setCustomDetails, submit } = useRegenerateStore(
    useShallow((s) => ({
      customDetails: s.customDetails,
      price: s.price,
      submitting: s.submitting,
      error: s.error,
      setCustomDetails: s.setCustomDetails,
      submit: s.submit,
    })),
  );
  const showToast = useToastStore((s) => s.show);
  const tooLong = customDetails.length > LIMITS.customDetails;

  const run = async () => {
    const job = await submit();
    if (job) {
      onClose();
      showToast(intl.formatMessage({ id: 'studio.regenerate.queued' }, { name: characterName }), 'success');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'studio.regenerate.title' }, { name: characterName })}
      description={intl.formatMessage({ id: 'studio.regenerate.description' })}
      name="regenerate"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {intl.formatMessage({ id: 'ui.confirm.cancel' })}
          </Button>
          <PriceButton
            label={intl.formatMessage({ id: customDetails.trim() ? 'studio.regenerate.apply' : 'studio.regenerate.submit' })}
            price={price}
            busy={submitting}
            disabled={tooLong}
            onClick={() => void run()}
          />
        </>
      }
    >
      <div className="form-stack" onKeyDown={submitOnCommandEnter(run)}>
        <LimitedTextArea
          label={intl.formatMessage({ id: 'studio.regenerate.instruction' })}
          what={intl.formatMessage({ id: 'studio.regenerate.instruction.what' })}
          hint={intl.formatMessage({ id: 'studio.regenerate.instruction.hint' })}
          max={LIMITS.customDetails}
          value={customDetails}
          rows={3}
          placeholder={intl.formatMessage({ id: 'studio.regenerate.instruction.placeholder' })}
          dir="auto"
          onChange={setCustomDetails}
          data-field="custom-details"
        />
        <InlineError error={error} />
      </div>
    </Dialog>
  );
}
