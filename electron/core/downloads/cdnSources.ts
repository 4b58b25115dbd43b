/**
 * Where a download comes from, as the library keeps it: an address on the connection's CDN is kept
 * as the part after the CDN's address (`ab12….png`), anything else whole. A stored source is
 * resolved against the CDN address of the moment, so a restart of the sandbox, a port change or a
 * new CDN origin never leaves a download pointing at an address that no longer answers.
 */
export class CdnSources {
  private readonly base: string;
  private readonly formerAddress: ((url: URL) => boolean) | null;

  /**
   * `formerAddress` says whether an address the CDN answered at before (another port of the
   * embedded sandbox, say) is this CDN too; such addresses are kept relative as well.
   */
  constructor(cdnUrl: string, formerAddress: ((url: URL) => boolean) | null = null) {
    this.base = cdnUrl.replace(/\/+$/, '');
    this.formerAddress = formerAddress;
  }

  /** The CDN's address: media are fetched from its origin only. */
  get address(): string {
    return this.base;
  }

  /** The part after the CDN's address, or null for an address elsewhere (or no address). */
  relative(url: string): string | null {
    if (url.startsWith(`${this.base}/`)) return url.slice(this.base.length + 1) || null;
    if (!this.formerAddress || !/^https?:\/\//.test(url)) return null;
    try {
      const parsed = new URL(url);
      if (!this.formerAddress(parsed)) return null;
      const path = new URL(this.base).pathname.replace(/\/+$/, '');
      if (!parsed.pathname.startsWith(`${path}/`)) return null;
      return `${parsed.pathname.slice(path.length + 1)}${parsed.search}` || null;
    } catch {
      return null;
    }
  }

  /** The form the library keeps: relative when on the CDN, else the address itself. */
  toStored(url: string): string {
    return this.relative(url) ?? url;
  }

  /** The address to fetch a stored source from now. */
  resolve(stored: string): string {
    return isAbsolute(stored) ? stored : `${this.base}/${stored}`;
  }
}

/** An http(s) address, as opposed to a source kept relative to the CDN. */
export function isAbsolute(source: string): boolean {
  return /^https?:\/\//.test(source);
}

/** The embedded sandbox answers on loopback only; any loopback port it had was its CDN. */
export function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}
