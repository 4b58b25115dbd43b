import type { ReactNode } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { usePortalContainer } from './portalContainer.ts';

export type MenuAction = { id: string; label: string; disabled?: boolean; danger?: boolean };

type MenuProps = {
  /** The trigger's accessible name (its content may be an icon alone). */
  label: string;
  trigger: ReactNode;
  actions: readonly MenuAction[];
  onAction: (id: string) => void;
  /** The trigger's look: quiet (ghost, in a player's controls) or a toolbar's ordinary button (secondary). */
  variant?: 'ghost' | 'secondary';
  disabled?: boolean;
  className?: string;
};

/** A button that opens a list of actions (react-aria's Menu: arrows, type-ahead, Escape). */
export function Menu({ label, trigger, actions, onAction, variant = 'ghost', disabled = false, className }: MenuProps) {
  const [portalContainer, placeTrigger] = usePortalContainer();
  return (
    <MenuTrigger>
      <Button
        ref={placeTrigger}
        aria-label={label}
        isDisabled={disabled}
        className={`button button-${variant} button-sm ${className ?? ''}`}
      >
        {trigger}
      </Button>
      <Popover className="ui-popover" UNSTABLE_portalContainer={portalContainer}>
        <AriaMenu
          className="ui-listbox"
          onAction={(key) => onAction(String(key))}
          disabledKeys={actions.filter((action) => action.disabled).map((action) => action.id)}
        >
          {actions.map((action) => (
            <MenuItem key={action.id} id={action.id} className={`ui-option${action.danger ? ' ui-option-danger' : ''}`}>
              {action.label}
            </MenuItem>
          ))}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
