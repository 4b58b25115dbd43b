import type { LibraryHealth } from '../../../shared/ipc/index.ts';
import type { Formats } from '../../i18n/format.ts';

/**
 * What the banner and Settings → Library say of the library's health, in the studio's language:
 * core sends what happened, where the damaged file went and what came back; the words are here.
 */
export function libraryHealthText(health: LibraryHealth, formats: Formats): string {
  if (!health.notice) return '';
  const said = [
    formats.text('library.health.notice', {
      notice: health.notice,
      movedTo: health.movedTo ?? '',
      items: health.rebuilt?.items ?? 0,
      relinked: health.rebuilt?.relinked ?? 0,
    }),
  ];
  const salvage = health.salvage;
  if (salvage && salvage.recovered > 0) said.push(formats.text('library.health.recovered', { count: salvage.recovered }));
  if (salvage && salvage.unreadable === null) said.push(formats.text('library.health.queueUnreadable'));
  else if (salvage?.unreadable) said.push(formats.text('library.health.jobsUnreadable', { count: salvage.unreadable }));
  return said.join(' ');
}
