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
      showToast(`Regenerating ${characterName}. The previous version stays available to revert to.`, 'success');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Regenerate ${characterName}`}
      description="New headshot and full-body portraits. Describe a change to keep the rest, or leave it empty to start over from the traits."
      name="regenerate"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <PriceButton
            label={customDetails.trim() ? 'Apply edit' : 'Regenerate'}
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
          label="Edit instruction (optional)"
          what="An edit instruction"
          hint="Empty means a full regeneration."
          max={LIMITS.customDetails}
          value={customDetails}
          rows={3}
          placeholder="Give her a green coat and shorter hair"
          onChange={setCustomDetails}
          data-field="custom-details"
        />
        <InlineError error={error} />
      </div>
    </Dialog>
  );
}
