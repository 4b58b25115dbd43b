/**
 * Hosts the app may open in the user's browser (and their subdomains). A link anywhere else, or
 * any scheme but https, is refused: shell.openExternal on an attacker's URL can start programs.
 */
export const EXTERNAL_HOSTS = ['cast.studio'] as const;

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return false;
  const host = parsed.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
