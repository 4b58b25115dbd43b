import type { ComponentProps, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger, Focusable } from 'react-aria-components';
import { usePortalContainer } from './portalContainer.ts';

type TooltipProps = {
  /** What the tooltip says: an explanation, never the only name of the control. */
  content: ReactNode;
  /** One focusable element (a button, a link). */
  children: ComponentProps<typeof Focusable>['children'];
  placement?: 'top' | 'bottom' | 'start' | 'end';
};

/** A short explanation shown on hover and on keyboard focus (react-aria's Tooltip). */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [portalContainer, placeTrigger] = usePortalContainer();
  return (
    <TooltipTrigger delay={500} closeDelay={100}>
      <Focusable ref={placeTrigger}>{children}</Focusable>
      <AriaTooltip className="ui-tooltip" placement={placement} offset={6} UNSTABLE_portalContainer={portalContainer}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
