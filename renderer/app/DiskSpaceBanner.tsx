import { useIntl } from 'react-intl';
import { useFormats } from '../i18n/LanguageProvider.tsx';
import { useDiskSpaceStore } from '../stores/diskSpaceStore.ts';

/**
 * Says, across the app, that the library's disk is full: downloads are paused and new paid work
 * waits until there is room, and all of it goes on by itself once the creator frees some space.
 */
export function DiskSpaceBanner() {
  const space = useDiskSpaceStore((s) => s.space);
  const intl = useIntl();
  const formats = useFormats();
  if (space?.state !== 'full') return null;
  return (
    <div className="bridge-banner disk-space-banner" role="alert" data-disk-space="full">
      <span className="badge tone-offline">{intl.formatMessage({ id: 'app.disk.full' })}</span>
      <span>{intl.formatMessage({ id: 'app.disk.fullBody' })}</span>
      {space.freeBytes !== null ? (
        <span className="disk-space-free">{intl.formatMessage({ id: 'app.disk.free' }, { size: formats.bytes(space.freeBytes) })}</span>
      ) : null}
    </div>
  );
}
