import {
  AudioLines,
  ChevronLeft,
  Clapperboard,
  Coins,
  Images,
  ListChecks,
  Plus,
  Search,
  Settings,
  Sparkles,
  UserRound,
  type LucideIcon,
} from 'lucide-react';

/**
 * The app's named icons, all from the one icon set (lucide): decorative, the label sits beside them.
 * Navigation icons are 20px, inline ones 16px, with the same stroke everywhere.
 */
function named(Glyph: LucideIcon, size: number, direction: 'directional' | 'fixed' = 'fixed') {
  // A directional icon (back, next) points the other way when the text runs right to left.
  const className = direction === 'directional' ? 'icon icon-directional' : 'icon';
  return function NamedIcon() {
    return <Glyph size={size} strokeWidth={1.75} aria-hidden="true" className={className} />;
  };
}

export const StudioIcon = named(UserRound, 20);
export const GalleryIcon = named(Images, 20);
export const VoicesIcon = named(AudioLines, 20);
export const ScenesIcon = named(Clapperboard, 20);
export const CreditsIcon = named(Coins, 20);
export const QueueIcon = named(ListChecks, 20);
export const SettingsIcon = named(Settings, 20);
export const PlusIcon = named(Plus, 16);
export const SearchIcon = named(Search, 16);
export const BackIcon = named(ChevronLeft, 16, 'directional');
export const SparkIcon = named(Sparkles, 16);
