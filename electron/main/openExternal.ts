import { shell } from 'electron';
import { isAllowedExternalUrl } from './externalLinks.ts';

/**
 * The app's one call to shell.openExternal: https links to the allowlisted hosts only. Everything
 * else (other schemes, hosts, credentials, ports) is dropped and reported false.
 */
export function openExternalLink(url: string): boolean {
  if (!isAllowedExternalUrl(url)) return false;
  void shell.openExternal(url);
  return true;
}
