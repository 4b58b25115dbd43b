import type { Dispatcher } from 'undici';
import type { ServiceDispatcher } from '../api/dispatcher.ts';
import type { CdnSources } from './cdnSources.ts';
import type { DownloadRow } from './downloadStore.ts';
import { HttpStatusError } from './fileAnswer.ts';
import { requestFollowingRedirects, type FileRequest, type HopCheck } from './redirectHops.ts';
import { needsFreshSource } from './signedSource.ts';
import type { SourceRefresher } from './sourceRefresher.ts';

/** What the CDN answers for an address that expired or that it no longer honours. */
const REFUSED = new Set([401, 403, 404, 410]);

export type OpenSourceDeps = {
  dispatcher: ServiceDispatcher;
  sources?: CdnSources | undefined;
  /** Reads records again for fresh addresses; without it an address is used as it is. */
  refresher?: Pick<SourceRefresher, 'fresh'> | undefined;
  /** Checks every address before a request goes to it (the first and each redirect). */
  checkHop?: HopCheck | undefined;
  now: () => number;
};

/**
 * Opens a download's file at the CDN: an address whose stated expiry is past (or a signed one kept
 * too long) is read again from the service first; redirects are followed (redirectHops.ts); an
 * address the CDN refuses as expired or forbidden (401, 403, 404, 410) is read again and tried once
 * more. A record the service no longer has is a file gone (404).
 */
export async function openSource(
  deps: OpenSourceDeps,
  row: DownloadRow,
  request: FileRequest,
): Promise<{ answer: Dispatcher.ResponseData; url: URL }> {
  const { refresher } = deps;
  let source = row.url;
  let refreshed = false;
  if (refresher && needsFreshSource(source, Date.parse(row.updated_at), deps.now())) {
    source = await freshOrGone(refresher, row);
    refreshed = true;
  }
  for (;;) {
    const url = new URL(deps.sources?.resolve(source) ?? source);
    const opened = await requestFollowingRedirects(deps.dispatcher, url, request, deps.checkHop);
    if (refreshed || !refresher || !REFUSED.has(opened.answer.statusCode)) return opened;
    await opened.answer.body.dump();
    source = await freshOrGone(refresher, row);
    refreshed = true;
  }
}

async function freshOrGone(refresher: Pick<SourceRefresher, 'fresh'>, row: DownloadRow): Promise<string> {
  const fresh = await refresher.fresh(row);
  if (fresh === null) throw new HttpStatusError(404);
  return fresh;
}
