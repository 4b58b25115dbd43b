import { extensionOfType } from '../../shared/api/mediaTypes.ts';

// Windows' reserved device names are invalid file names with any extension.
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/**
 * A file name for media leaving the app (drag out, Save as…): the title the renderer suggests,
 * stripped of separators, control and reserved characters so it names one file in one folder on
 * every OS, with the extension its content type calls for.
 */
export function safeFileName(suggested: string | undefined, contentType: string): string {
  const extension = extensionOfType(contentType);
  let base = (suggested ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+/, '')
    .replace(/[. ]+$/, '');
  if (extension && base.toLowerCase().endsWith(`.${extension}`)) base = base.slice(0, -extension.length - 1);
  if (base === '' || RESERVED.test(base)) base = base === '' ? 'Cast Studio media' : `${base} media`;
  base = base.slice(0, 120).trim();
  return extension ? `${base}.${extension}` : base;
}
