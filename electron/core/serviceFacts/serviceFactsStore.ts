import { z } from 'zod';
import { Capabilities, DEFAULT_CAPABILITIES } from '../../../shared/api/index.ts';
import type { ServiceFacts } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { UpdatedAfterSupport } from '../sync/updatedAfterSupport.ts';

/** Decision (spec 4.7 leaves the upload endpoint unshown): where uploads go unless the service says otherwise. */
export const DEFAULT_UPLOAD_PATH = '/v1/uploads';

/** Library meta keys: the facts, and the catalog `capabilities.get` serves while offline. */
const FACTS = 'service.facts';
const CATALOG = 'capabilities.json';

/** What is kept between runs; every field has a default so facts written by an older version still read. */
const Stored = z.object({
  baseUrl: z.string().nullable().default(null),
  catalog: z.enum(['service', 'built_in', 'unknown']).default('unknown'),
  uploads: z.enum(['offered', 'not_offered', 'unknown']).default('unknown'),
  uploadPath: z.string().nullable().default(null),
  noticed: z.record(z.string(), z.object({ label: z.string(), value: z.string(), at: z.string() })).default({}),
  checkedAt: z.string().nullable().default(null),
});
type Stored = z.infer<typeof Stored>;

/** A path under the base URL, nothing that could leave it. */
const SERVICE_PATH = /^\/[A-Za-z0-9/_.~-]{1,200}$/;

/**
 * Where a service's capabilities name their upload path, in the common ways a catalog might:
 * `uploads.path`, `upload_path`, or an operation whose id starts with `uploads.`. Null when they
 * say nothing, which leaves the default; a value that is not a plain path is ignored.
 */
export function uploadPathOf(capabilities: unknown): string | null {
  if (typeof capabilities !== 'object' || capabilities === null) return null;
  const record = capabilities as Record<string, unknown>;
  const uploads = record.uploads;
  const candidates: unknown[] = [
    typeof uploads === 'object' && uploads !== null ? (uploads as Record<string, unknown>).path : undefined,
    record.upload_path,
  ];
  if (Array.isArray(record.operations)) {
    for (const operation of record.operations as unknown[]) {
      if (typeof operation !== 'object' || operation === null) continue;
      const { operation_id: id, path } = operation as Record<string, unknown>;
      if (typeof id === 'string' && id.startsWith('uploads.')) candidates.push(path);
    }
  }
  for (const candidate of candidates)
    if (typeof candidate === 'string' && SERVICE_PATH.test(candidate) && !candidate.includes('..')) return candidate;
  return null;
}

/**
 * Per-connection facts learned about the service, in the connection's own library (so they go with
 * the profile and its data): the catalog it serves or the built-in one, its upload path and whether
 * it takes uploads at all, and behaviour other modules notice (an ignored filter, a short key
 * retention). Facts learned under another base URL are dropped.
 */
export class ServiceFactsStore {
  private readonly library: LibraryDatabase;
  private readonly profileId: string;
  private readonly baseUrl: string;
  private readonly now: () => string;
  private readonly changed: (facts: ServiceFacts) => void;
  private state: Stored;

  constructor(options: {
    library: LibraryDatabase;
    profileId: string;
    baseUrl: string;
    now: () => string;
    changed: (facts: ServiceFacts) => void;
  }) {
    this.library = options.library;
    this.profileId = options.profileId;
    this.baseUrl = options.baseUrl;
    this.now = options.now;
    this.changed = options.changed;
    this.state = this.read();
  }

  /** The catalog to use: the service's last answer, else the built-in one. */
  capabilities(): Capabilities {
    if (this.state.catalog === 'built_in') return DEFAULT_CAPABILITIES;
    const stored = this.library.meta(CATALOG);
    if (!stored) return DEFAULT_CAPABILITIES;
    try {
      const parsed = Capabilities.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : DEFAULT_CAPABILITIES;
    } catch {
      return DEFAULT_CAPABILITIES;
    }
  }

  uploadPath(): string {
    return this.state.uploadPath ?? DEFAULT_UPLOAD_PATH;
  }

  get uploads(): Stored['uploads'] {
    return this.state.uploads;
  }

  /** The service answered its capabilities (parsed loosely: fields beyond the schema, like an upload path, are kept). */
  catalogServed(capabilities: Capabilities): void {
    const path = uploadPathOf(capabilities);
    this.library.setMeta(CATALOG, JSON.stringify(capabilities));
    this.update({ catalog: 'service', uploadPath: path, ...(path ? { uploads: 'offered' as const } : {}), checkedAt: this.now() });
  }

  /** The service has no `/v1/capabilities` (404): the built-in catalog and the default upload path apply. */
  catalogMissing(): void {
    this.update({ catalog: 'built_in', checkedAt: this.now() });
  }

  uploadsAnswered(): void {
    if (this.state.uploads !== 'offered') this.update({ uploads: 'offered' });
  }

  /** The upload path answered 404 (or 405): this service takes no uploads; only its own CDN URLs can be referenced. */
  uploadsMissing(): void {
    if (this.state.uploads !== 'not_offered') this.update({ uploads: 'not_offered' });
  }

  /** Behaviour noticed elsewhere (the poller, the outbox): `notice('updated_after', 'updated_after filter', 'ignored')`. */
  notice(key: string, label: string, value: string): void {
    const known = this.state.noticed[key];
    if (known && known.value === value && known.label === label) return;
    this.update({ noticed: { ...this.state.noticed, [key]: { label, value, at: this.now() } } });
  }

  view(): ServiceFacts {
    const catalog = this.capabilities();
    const { state } = this;
    return {
      profileId: this.profileId,
      catalog: state.catalog,
      capabilityVersion: state.catalog === 'service' ? catalog.capability_version : null,
      models: catalog.models.map((model) => ({ id: model.id, type: model.type, label: model.label })),
      voiceModels: [...catalog.voice_models],
      operations: catalog.operations.map((operation) => operation.operation_id),
      uploads: state.uploads,
      uploadPath: this.uploadPath(),
      uploadPathFrom: state.uploadPath ? 'capabilities' : 'default',
      noticed: [...this.filterNotice(), ...Object.entries(state.noticed).map(([key, fact]) => ({ key, ...fact }))],
      checkedAt: state.checkedAt,
    };
  }

  /** What the poller learned of `updated_after` (not in spec 4.2), kept by UpdatedAfterSupport. */
  private filterNotice(): ServiceFacts['noticed'] {
    const mode = new UpdatedAfterSupport(this.library).mode;
    if (mode === 'unknown') return [];
    const words = {
      applied: 'applied',
      ignored: 'ignored (history is followed by what is still in flight)',
      refused: 'refused (history is followed by what is still in flight)',
    }[mode];
    return [{ key: 'updated_after', label: 'updated_after filter', value: words, at: this.state.checkedAt ?? this.now() }];
  }

  private update(change: Partial<Stored>): void {
    this.state = { ...this.state, ...change };
    this.library.setMeta(FACTS, JSON.stringify(this.state));
    this.changed(this.view());
  }

  private read(): Stored {
    const fresh = Stored.parse({ baseUrl: this.baseUrl });
    const text = this.library.meta(FACTS);
    if (!text) return fresh;
    try {
      const parsed = Stored.safeParse(JSON.parse(text));
      return parsed.success && parsed.data.baseUrl === this.baseUrl ? parsed.data : fresh;
    } catch {
      return fresh;
    }
  }
}
