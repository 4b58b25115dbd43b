import type { Variant } from './variant.ts';

/**
 * `cdn-redirect`: the CDN keeps no bytes itself; every file request is answered 302 with the same
 * file on a second storage origin (another HTTPS listener on loopback, its own port), which serves
 * it with the CDN's headers, ranges and conditional requests. The address's query (a signature,
 * say) goes along.
 */
export function cdnRedirect(): Variant {
  return {
    name: 'cdn-redirect',
    allowedBy: 'spec 1: "Media files are served from {cdn_url}"; how the CDN serves them (redirects to storage included) is not shown',
    storageOrigin: true,
    cdnFile: ({ url, storage, storageUrl }) => {
      if (storage || storageUrl === null) return undefined;
      return { redirect: `${storageUrl}/${url.pathname.split('/').pop() ?? ''}${url.search}` };
    },
  };
}
