import { z } from 'zod';
import { ResourceKind, Voice } from '../api/index.ts';
import { JOB_KIND_IDS } from '../jobs/jobKinds.ts';
import { AppError, SERVICE_MESSAGE_MAX } from './appErrors.ts';
import { JobTitle } from './jobTitles.ts';
import { UpdateChannel } from './updates.ts';

/** What the renderer may know of a connection: never the key, only a masked prefix and its state. */
export const KeyState = z.enum(['missing', 'ok', 'needs_new_key', 'expired', 'unverified']);
export const Profile = z.object({
  id: z.string(),
  kind: z.enum(['sandbox', 'remote']),
  name: z.string(),
  baseUrl: z.string(),
  cdnUrl: z.string(),
  hasCustomCa: z.boolean(),
  keyState: KeyState,
  keyPrefix: z.string().nullable(),
  keyLastUsedAt: z.string().nullable(),
  /** Where this service sells credits (a connection setting); null when none is configured. */
  billingUrl: z.string().nullable(),
  /** How long the service is taken to keep an Idempotency-Key: a job in doubt is never resent past it (nor past a few seconds). */
  keyRetentionSeconds: z.number().int().nonnegative(),
  active: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * The state of the active connection, each with its own words in the header and on its card:
 * `connecting` until the first answer, `online`, then what stands in the way when something does.
 * `sandbox_restarting` is the embedded sandbox's process being started again after it stopped;
 * `unavailable` is a connection that cannot be opened at all (no keychain, no sandbox in this build).
 */
export const ConnectionStatus = z.enum([
  'connecting',
  'online',
  'offline',
  'unreachable',
  'untrusted_certificate',
  'key_missing',
  'key_refused',
  'key_expired',
  'plan_required',
  'service_error',
  'sandbox_restarting',
  'unavailable',
]);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/**
 * What stood in the way when a service was asked, as the page words it: `not_the_service` is an
 * answer that is not the service's; `plan_inactive` an account read whose plan cannot generate,
 * `plan_required` the service's refusal for want of a plan; `refused` a refusal no other names
 * (the service's words ride along); `sandbox_not_in_use` the sandbox asked while another
 * connection is in use (its process is not running).
 */
export const CheckProblem = z.enum([
  'key_missing',
  'not_the_service',
  'untrusted_certificate',
  'offline',
  'unreachable',
  'key_refused',
  'key_expired',
  'plan_inactive',
  'plan_required',
  'service_error',
  'refused',
  'sandbox_not_in_use',
]);
export type CheckProblem = z.infer<typeof CheckProblem>;

/** What asking a service found: its account, or exactly what stood in the way. */
export const ConnectionCheck = z.object({
  ok: z.boolean(),
  status: ConnectionStatus,
  /** What stood in the way (null when the check passed). */
  problem: CheckProblem.nullable(),
  /** The service's host, as the words name it. */
  host: z.string().max(300),
  /** A transport code or HTTP status that says more (`ECONNREFUSED`, `503`), or null. */
  detail: z.string().max(200).nullable(),
  /** The service's own words about a refusal no problem names, quoted as the service's. */
  serviceMessage: z.string().max(SERVICE_MESSAGE_MAX).nullable(),
  accountName: z.string().nullable(),
  plan: z.string().nullable(),
  balance: z.number().int().nullable(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

/**
 * Why the active connection needs the creator, as the page words it: a status's own reason
 * (`offline` … `unavailable`), or why it could not be opened at all — no connection set up, the
 * keychain unreadable, its library unopenable (or written by a newer Cast Studio), the disk full,
 * the built-in sandbox missing from this build or not starting, or its key not saved.
 */
export const ConnectionProblemReason = z.enum([
  ...ConnectionStatus.exclude(['connecting', 'online']).options,
  'no_connection',
  'keychain_unreadable',
  'library_unopenable',
  'library_newer',
  'disk_full',
  'sandbox_not_built',
  'sandbox_not_started',
  'sandbox_key_unsaved',
]);
export type ConnectionProblemReason = z.infer<typeof ConnectionProblemReason>;
export const ConnectionProblem = z.strictObject({ reason: ConnectionProblemReason, kind: z.enum(['sandbox', 'remote']) });
export type ConnectionProblem = z.infer<typeof ConnectionProblem>;

export const Connection = z.object({
  profile: Profile.nullable(),
  online: z.boolean(),
  status: ConnectionStatus,
  /** What the header and the connection's card say when something needs the user's attention. */
  problem: ConnectionProblem.nullable(),
  onboarded: z.boolean(),
});
export type Connection = z.infer<typeof Connection>;

// The job queue's states (electron/core/jobs/jobStates.ts holds the transition table).
export const JobState = z.enum(['queued', 'paused', 'sending', 'waiting_connection', 'processing', 'done', 'failed', 'cancelled']);
export type JobState = z.infer<typeof JobState>;
export const JobKind = z.enum(JOB_KIND_IDS);
export type JobKind = z.infer<typeof JobKind>;

export const Job = z.object({
  id: z.string(),
  kind: JobKind,
  state: JobState,
  title: JobTitle,
  quotedCredits: z.number().int().nullable(),
  creditsUsed: z.number().int().nullable(),
  /** For a failed job: what the service refunded of its charge, once the refund is known. */
  creditsRefunded: z.number().int().nullable(),
  resourceKind: ResourceKind.nullable(),
  resourceId: z.string().nullable(),
  dependsOn: z.string().nullable(),
  /** The failed job this one retries (a new intent with a new key, made on the user's word). */
  retryOf: z.string().nullable(),
  attempts: z.number().int(),
  progress: z.number().min(0).max(1).nullable(),
  /**
   * Why the job failed or waits: core's own job codes (shared/ipc/jobErrors.ts) or any other
   * AppError (a service's refusal, the client's own), which the page words; a service's own words
   * ride as `serviceMessage`.
   */
  error: AppError.nullable(),
  /** A job back in the queue until the service's Retry-After ends (ISO time); absent otherwise. */
  waitingUntil: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the service accepted the job and began working on it (ISO time); null before. */
  startedAt: z.string().nullable().optional(),
  /** How long it should take from `startedAt`, from this library's own history of such jobs; null without one. */
  estimateMs: z.number().int().min(0).nullable().optional(),
  /** The jobs of one click share it (several results of one request, each its own paid job). */
  batchId: z.string().nullable().optional(),
  /** What the request names, for a placeholder while the job is in flight: its character, prompt and generation type. */
  characterId: z.string().nullable().optional(),
  prompt: z.string().nullable().optional(),
  generationType: z.enum(['image', 'video', 'talk']).nullable().optional(),
  /** The aspect ratio the request asked for (`16:9`), or null when it left the service's default. */
  aspectRatio: z.string().nullable().optional(),
});
export type Job = z.infer<typeof Job>;

export const CharacterVersion = z.object({
  version: z.number().int(),
  headshotMediaId: z.string().nullable(),
  fullbodyMediaId: z.string().nullable(),
  createdAt: z.string(),
});

/** A character's cast voice as the character shows it (scenes' `cast.voices` holds its speech settings too). */
export const CastVoiceSummary = z.object({
  voiceId: z.string(),
  /** Null when the voice is not in the library any more. */
  name: z.string().nullable(),
  model: z.string().nullable(),
});
export type CastVoiceSummary = z.infer<typeof CastVoiceSummary>;

/** A character as the library holds it; media are content ids served by the host. */
export const CharacterView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['generating', 'ready', 'failed']),
  parameters: z.record(z.string(), z.unknown()),
  headshotMediaId: z.string().nullable(),
  fullbodyMediaId: z.string().nullable(),
  version: z.number().int(),
  canRevert: z.boolean(),
  versions: z.array(CharacterVersion),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  /** The character's default voice in scenes; null without one. */
  castVoice: CastVoiceSummary.nullable().optional(),
});
export type CharacterView = z.infer<typeof CharacterView>;

/**
 * A voice as the voice lab sees it: the service's record plus its preview, once downloaded, as a
 * content id the host serves (so previews play offline). Null until the download has landed.
 */
export const VoiceView = Voice.extend({ previewMediaId: z.string().nullable() });
export type VoiceView = z.infer<typeof VoiceView>;

export const LibraryKind = z.enum(['image', 'video', 'talk', 'character_create', 'audio']);
export type LibraryKind = z.infer<typeof LibraryKind>;

export const LibraryItem = z.object({
  id: z.string(),
  kind: LibraryKind,
  status: z.string(),
  title: z.string(),
  prompt: z.string().nullable(),
  characterId: z.string().nullable(),
  characterName: z.string().nullable(),
  model: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  creditsUsed: z.number().int().nullable(),
  mediaId: z.string().nullable(),
  thumbId: z.string().nullable(),
  mediaType: z.string().nullable(),
  downloaded: z.boolean(),
  favorite: z.boolean(),
  collections: z.array(z.string()),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The service's URL of the item's output (from the mirrored record): what a new request can reference without uploading again. */
  remoteUrl: z.string().nullable(),
});
export type LibraryItem = z.infer<typeof LibraryItem>;

/**
 * The active library's health: `ok`; `checking` while a full integrity check runs; `damaged` when a
 * check failed (repairing moves the file aside and rebuilds it); `rebuilding` while a new library is
 * filled again from the service and the media files on this computer. No new paid work is taken
 * while it is damaged or rebuilding. `notice` is what the page says of it (null: nothing);
 * `movedTo` is where the damaged file was put; `rebuilt` what a finished rebuild brought back
 * (items from the service, media files found again on this computer); `salvage` the queued jobs
 * read back from the damaged file (`unreadable` null: its queue could not be read at all).
 */
export const LibraryHealth = z.object({
  state: z.enum(['ok', 'checking', 'damaged', 'rebuilding']),
  notice: z.enum(['checking', 'passed', 'inconclusive', 'damaged', 'rebuilding', 'rebuilt']).nullable(),
  movedTo: z.string().nullable(),
  rebuilt: z.object({ items: z.number().int().nonnegative(), relinked: z.number().int().nonnegative() }).nullable(),
  salvage: z.object({ recovered: z.number().int().nonnegative(), unreadable: z.number().int().nonnegative().nullable() }).nullable(),
});
export type LibraryHealth = z.infer<typeof LibraryHealth>;

/**
 * Room on the disk the active library keeps its files on: `full` while there is not enough (a
 * download that did not fit, or a write that met a full disk). Downloads and new paid work wait
 * meanwhile and go on by themselves once there is room; the page says so. `freeBytes` is what the
 * disk had when last read (null: not read).
 */
export const DiskSpace = z.object({
  state: z.enum(['ok', 'full']),
  freeBytes: z.number().int().nonnegative().nullable(),
});
export type DiskSpace = z.infer<typeof DiskSpace>;

/** Values one list filter may hold: each becomes an SQL parameter, kept far below SQLite's limit. */
export const MAX_FILTER_VALUES = 50;

export const LibraryFilter = z.object({
  kinds: z.array(LibraryKind).max(MAX_FILTER_VALUES).optional(),
  statuses: z.array(z.string().max(100)).max(MAX_FILTER_VALUES).optional(),
  characterId: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  favorites: z.boolean().optional(),
  collectionId: z.string().optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
});
export type LibraryFilter = z.infer<typeof LibraryFilter>;

export const Collection = z.object({
  id: z.string(),
  name: z.string(),
  characterId: z.string().nullable(),
  count: z.number().int(),
});
export type Collection = z.infer<typeof Collection>;

export const Settings = z.object({
  autoDownload: z.boolean(),
  notifications: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  /** The studio's language: the system's, or one the studio has a catalog for (en-XA is the pseudo-locale). */
  language: z.enum(['system', 'en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'zh-CN', 'ar', 'en-XA']),
  libraryPath: z.string(),
  /** The desktop app checks for updates at start and every few hours and downloads them in the background. */
  autoUpdate: z.boolean(),
  updateChannel: UpdateChannel,
});
export type Settings = z.infer<typeof Settings>;

/** A price the renderer shows before the click. */
export const Price = z.object({
  quoteId: z.string(),
  credits: z.number().int(),
  approvalRequired: z.boolean(),
  approvalState: z.string().nullable(),
  expiresAt: z.string(),
  balance: z.number().int().nullable(),
  covered: z.boolean(),
});
export type Price = z.infer<typeof Price>;

/** Settings → Sandbox: the embedded sandbox's account and pace, and the quotes waiting for the team's approver. */
export const SandboxPendingQuote = z.object({
  id: z.string(),
  operationId: z.string(),
  credits: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const SandboxSpeed = z.enum(['fast', 'realtime']);
export const SandboxState = z.object({
  account: z.object({ id: z.string(), name: z.string(), plan: z.enum(['free', 'creator', 'studio']), balance: z.number().int() }),
  speed: SandboxSpeed,
  pendingQuotes: z.array(SandboxPendingQuote),
});
export type SandboxState = z.infer<typeof SandboxState>;

/**
 * What Cast Studio knows of the connected service beyond the spec: what it supports (from its
 * `/v1/capabilities`, or the built-in catalog where it has none), where it takes uploads, and the
 * choices it makes where the spec says "not shown", as noticed while talking to it.
 */
export const ServiceFacts = z.object({
  profileId: z.string(),
  /** Where the list of models and operations comes from. */
  catalog: z.enum(['service', 'built_in', 'unknown']),
  capabilityVersion: z.string().nullable(),
  models: z.array(z.object({ id: z.string(), type: z.string(), label: z.string() })),
  voiceModels: z.array(z.string()),
  operations: z.array(z.string()),
  uploads: z.enum(['offered', 'not_offered', 'unknown']),
  /** The path uploads go to: the service's own where its capabilities name one, else the default. */
  uploadPath: z.string(),
  uploadPathFrom: z.enum(['capabilities', 'default']),
  /** Behaviour noticed while talking to the service: `updated_after filter` → `ignored`, … */
  noticed: z.array(z.object({ key: z.string(), label: z.string(), value: z.string(), at: z.string() })),
  checkedAt: z.string().nullable(),
});
export type ServiceFacts = z.infer<typeof ServiceFacts>;
