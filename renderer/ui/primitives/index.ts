/**
 * The accessible primitives of the design system, each a thin wrapper of react-aria-components.
 * DateRangePicker is imported from its own file: its calendar is a tenth of the page's script, and
 * only the gallery's chunk should carry it, not the first script every screen shares.
 */
export { Menu, type MenuAction } from './Menu.tsx';
export { Popover } from './Popover.tsx';
export { Select, type SelectChoice } from './Select.tsx';
export { RangeSlider } from './RangeSlider.tsx';
export { Slider } from './Slider.tsx';
export { Tabs, type TabSpec } from './Tabs.tsx';
export { Tooltip } from './Tooltip.tsx';
export { usePortalContainer } from './portalContainer.ts';
