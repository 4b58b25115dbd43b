import type { ReactNode } from 'react';
import type { Settings } from '../../../shared/ipc/index.ts';
import { useSettingsStore } from '../../stores/settingsStore.ts';
import { Switch } from '../../ui/Field.tsx';

/** The settings that are on or off. */
type SwitchSetting = { [Name in keyof Settings]: Settings[Name] extends boolean ? Name : never }[keyof Settings];

/**
 * One on/off setting as a switch with its hint, saved as soon as it is flipped. `save` replaces the
 * settings store's own update where a section shows what saving answered; nothing shows until the
 * settings are read.
 */
export function SettingSwitch({
  setting,
  label,
  hint,
  save,
}: {
  setting: SwitchSetting;
  label: ReactNode;
  hint: ReactNode;
  save?: (patch: Partial<Settings>) => Promise<unknown>;
}) {
  const settings = useSettingsStore((s) => s.settings);
  const update = useSettingsStore((s) => s.update);
  if (!settings) return null;
  return <Switch label={label} checked={settings[setting]} onChange={(on) => void (save ?? update)({ [setting]: on })} hint={hint} />;
}
