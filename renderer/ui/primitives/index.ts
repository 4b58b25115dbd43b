/** The accessible primitives of the design system, each a thin wrapper of react-aria-components. */
export { DateRangePicker, type DayRange } from './DateRangePicker.tsx';
export { Menu, type MenuAction } from './Menu.tsx';
export { Popover } from './Popover.tsx';
export { Select, type SelectChoice } from './Select.tsx';
export { RangeSlider } from './RangeSlider.tsx';
export { Slider } from './Slider.tsx';
export { Tabs, type TabSpec } from './Tabs.tsx';
export { Tooltip } from './Tooltip.tsx';
export { usePortalContainer } from './portalContainer.ts';
