import { useEffect } from 'react';
import { useSettingsStore } from '../stores/settingsStore.ts';

/**
 * The theme follows the OS (`prefers-color-scheme` in the CSS) unless Settings overrides it;
 * the override is `data-theme` on <html>.
 */
export function useTheme(): void {
  const theme = useSettingsStore((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
