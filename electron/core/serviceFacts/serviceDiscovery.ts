import type { ApiClient } from '../api/apiClient.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Logger } from '../log/logger.ts';
import type { ServiceFactsStore } from './serviceFactsStore.ts';

/** Statuses that mean "this service has no such endpoint", as opposed to a refusal or a failure. */
const NO_SUCH_ENDPOINT = new Set([404, 405, 501]);

export function isMissingEndpoint(error: unknown): error is ServiceError {
  return error instanceof ServiceError && NO_SUCH_ENDPOINT.has(error.status);
}

/**
 * Asks a newly connected service what it supports (`GET /v1/capabilities`, the sandbox's documented
 * extension; spec 4.3 leaves the catalog unshown). A service without it keeps the spec all the same:
 * the built-in catalog and the default upload path apply, and that is recorded, not retried each time.
 */
export class ServiceDiscovery {
  private readonly api: ApiClient;
  private readonly facts: ServiceFactsStore;
  private readonly log: Logger;
  private done = false;
  private running: Promise<void> | null = null;

  constructor(options: { api: ApiClient; facts: ServiceFactsStore; log: Logger }) {
    this.api = options.api;
    this.facts = options.facts;
    this.log = options.log;
  }

  /** Once per connection, in the background: what the service supports. */
  soon(): void {
    if (this.done) return;
    void this.refresh().catch((error: unknown) => this.log.info('The service’s capabilities could not be read yet.', { error }));
  }

  /** Reads the capabilities now; a missing endpoint is an answer, other failures are thrown. */
  refresh(): Promise<void> {
    this.running ??= (async () => {
      try {
        this.facts.catalogServed(await this.api.capabilities());
        this.done = true;
      } catch (error) {
        if (!isMissingEndpoint(error)) throw error;
        this.facts.catalogMissing();
        this.done = true;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
