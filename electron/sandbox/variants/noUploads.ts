import type { Variant } from './variant.ts';

/** `no-uploads`: this service has no upload endpoint; `POST /v1/uploads` is 404 like any unknown path. */
export function noUploads(): Variant {
  return {
    name: 'no-uploads',
    allowedBy: 'spec 4.7: "The endpoint that performs media upload and returns the CDN URLs …: not shown."',
    hiddenRoutes: ['POST /v1/uploads'],
  };
}
