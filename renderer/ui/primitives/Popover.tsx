import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover as AriaPopover } from 'react-aria-components';
import { usePortalContainer } from './portalContainer.ts';

type PopoverProps = {
  /** The trigger's accessible name, and the popover's. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A button that opens a small non-modal panel beside it (react-aria's DialogTrigger + Popover). */
export function Popover({ label, trigger, children, className }: PopoverProps) {
  const [portalContainer, placeTrigger] = usePortalContainer();
  return (
    <DialogTrigger>
      <Button ref={placeTrigger} aria-label={label} className={`button button-secondary button-sm ${className ?? ''}`}>
        {trigger}
      </Button>
      <AriaPopover className="ui-popover ui-popover-panel" UNSTABLE_portalContainer={portalContainer}>
        <Dialog aria-label={label} className="ui-popover-dialog">
          {children}
        </Dialog>
      </AriaPopover>
    </DialogTrigger>
  );
}
