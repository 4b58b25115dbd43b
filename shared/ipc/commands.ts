import { z } from 'zod';
import {
  Account,
  AudioTrack,
  Capabilities,
  CharacterParameters,
  CharacterName,
  CloneVoiceFields,
  checkVoiceSetup,
  CreateAudioRequest,
  CreateGenerationRequest,
  CreditTransaction,
  Emotion,
} from '../api/index.ts';
import {
  CharacterView,
  Collection,
  Connection,
  ConnectionCheck,
  DiskSpace,
  Job,
  LibraryFilter,
  LibraryHealth,
  LibraryItem,
  Price,
  Profile,
  SandboxSpeed,
  SandboxState,
  ServiceFacts,
  Settings,
  VoiceView,
} from './models.ts';
import { APP_NAME_LIMITS, COMMAND_LIMITS, LIMITS, MOST_RESULTS_PER_CLICK } from '../api/limits.ts';
import { AppError } from './appErrors.ts';
import { events } from './events.ts';
import { NoticeList, NoticesMissing } from './notices.ts';
import { SCREENS } from './screens.ts';
import { PaidWorkInFlight, UpdateStatus } from './updates.ts';
import { sceneCommands } from './scenes.ts';
import { spaceCommands } from './spaces.ts';

const Id = z.string().min(1).max(200);
const Ids = z.array(Id).min(1).max(COMMAND_LIMITS.idsPerCommand);
/** Names one export so its caller can follow and cancel it. */
const ExportId = z.string().regex(/^[0-9A-Za-z-]{1,64}$/);
const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });

/** A paid request as the renderer submits it: the body and the quote that priced it. */
const Priced = <T extends z.ZodType>(body: T) => z.object({ body, quoteId: z.string().nullable() }).strict();

/** The speech step of a talk clip chained after it (spec 4.5 then 4.2). */
const SpeechStep = z
  .object({
    voice_id: z.uuid(),
    text: z.string().min(LIMITS.audioText.min).max(LIMITS.audioText.max),
    emotion: Emotion.optional(),
    name: z.string().max(LIMITS.audioTrackName).optional(),
  })
  .strict();

const CreateCharacterBody = z
  .object({
    name: CharacterName,
    parameters: CharacterParameters,
    reference_image_urls: z.array(z.url()).max(LIMITS.characterReferenceImages).optional(),
  })
  .strict();

/**
 * The app's commands: `domain.verb` → input and output schemas.
 * Every input is validated by the router in core; every output is what the handler returns.
 */
export const commands = {
  'app.info': {
    input: Empty,
    output: z.object({
      version: z.string(),
      ipcVersion: z.number().int(),
      platform: z.string(),
      mediaBase: z.string(),
      host: z.enum(['electron', 'browser']),
      /** The screen the app was last on when this run began (null: the cast), for a page that opens now. */
      startScreen: z.enum(SCREENS).nullable(),
      /** Set when the preferences file could not be read at this start: the name it was kept under beside the new one. */
      preferencesReset: z.object({ keptAs: z.string() }).nullable(),
    }),
  },
  /** Settings → About: what runs, where the app keeps its data and its logs. */
  'app.about': {
    input: Empty,
    output: z.object({
      version: z.string(),
      node: z.string(),
      /** Null where core does not run inside Electron (the browser host). */
      electron: z.string().nullable(),
      chromium: z.string().nullable(),
      os: z.string(),
      dataFolder: z.string(),
      logsFolder: z.string(),
    }),
  },
  /** The third-party notices shipped with the app, read when asked; `missing` says why there are none. */
  'app.notices': { input: Empty, output: z.union([z.object({ notices: NoticeList }), z.object({ missing: NoticesMissing })]) },
  /** A summary for a bug report, with keys, tokens and the home folder taken out. */
  'app.diagnostics': {
    /** What only the page knows: the build it was made from and the browser it runs in. */
    input: z.object({ build: z.string().max(64).nullable(), page: z.string().max(200).nullable() }).strict(),
    output: z.object({ text: z.string() }),
  },
  /** The crash a previous run left (redacted), until the person dismisses its notice. */
  'app.lastCrash': {
    input: Empty,
    output: z
      .object({
        at: z.string(),
        where: z.string(),
        origin: z.string(),
        version: z.string(),
        message: z.string(),
        stack: z.array(z.string()),
      })
      .nullable(),
  },
  'app.dismissCrash': { input: Empty, output: Ok },
  /** The page tells core which screen it shows, so the next run of the app opens on it. */
  'app.screenShown': { input: z.object({ screen: z.enum(SCREENS) }).strict(), output: Ok },
  /** The desktop app's updates: where they stand, a check now, a restart into a downloaded one (it waits for paid requests being sent). */
  'updates.get': { input: Empty, output: UpdateStatus },
  'updates.check': { input: Empty, output: UpdateStatus },
  'updates.install': { input: Empty, output: UpdateStatus },
  /** Takes back a restart that waits for paid requests; the update stays ready. */
  'updates.cancelInstall': { input: Empty, output: UpdateStatus },

  'connection.get': { input: Empty, output: Connection },
  'connection.completeOnboarding': { input: Empty, output: Connection },
  'profiles.list': { input: Empty, output: z.array(Profile) },
  'profiles.add': {
    input: z
      .object({
        name: z.string().min(1).max(APP_NAME_LIMITS.profileName),
        baseUrl: z.url(),
        cdnUrl: z.url(),
        caPem: z.string().max(100_000).optional(),
        apiKey: z.string().max(200).optional(),
        billingUrl: z.url().optional(),
      })
      .strict(),
    output: Profile,
  },
  /** Asks a candidate service (address, CA, key) who it is, storing nothing. */
  'profiles.check': {
    input: z
      .object({ baseUrl: z.url(), cdnUrl: z.url(), caPem: z.string().max(100_000).optional(), apiKey: z.string().max(200).optional() })
      .strict(),
    output: ConnectionCheck,
  },
  'profiles.setKeyRetention': {
    input: z
      .object({
        id: Id,
        seconds: z
          .number()
          .int()
          .min(0)
          .max(7 * 24 * 3_600),
      })
      .strict(),
    output: Profile,
  },
  'profiles.setBillingUrl': { input: z.object({ id: Id, billingUrl: z.url().nullable() }).strict(), output: Profile },
  'profiles.activate': { input: z.object({ id: Id }).strict(), output: Connection },
  'profiles.remove': { input: z.object({ id: Id }).strict(), output: Ok },
  'profiles.setKey': { input: z.object({ id: Id, apiKey: z.string().min(1).max(200) }).strict(), output: Profile },
  'profiles.removeKey': { input: z.object({ id: Id }).strict(), output: Profile },
  'profiles.test': { input: z.object({ id: Id }).strict(), output: ConnectionCheck },
  /** What the connection in use supports and what was noticed of it (Settings → Connections); null without one. */
  'service.describe': { input: Empty, output: ServiceFacts.nullable() },

  // Settings → Sandbox: the embedded sandbox's admin API, through core (the admin token stays there).
  'sandbox.get': { input: Empty, output: SandboxState },
  'sandbox.decideQuote': { input: z.object({ id: Id, decision: z.enum(['approve', 'reject']) }).strict(), output: Ok },
  'sandbox.addCredits': {
    input: z.object({ amount: z.number().int().min(COMMAND_LIMITS.sandboxCredits.min).max(COMMAND_LIMITS.sandboxCredits.max) }).strict(),
    output: z.object({ balance: z.number().int() }),
  },
  'sandbox.setPlan': { input: z.object({ plan: z.enum(['free', 'creator', 'studio']) }).strict(), output: Ok },
  'sandbox.setSpeed': { input: z.object({ speed: SandboxSpeed }).strict(), output: Ok },

  'capabilities.get': { input: Empty, output: Capabilities },
  'account.get': { input: Empty, output: Account.nullable() },
  'account.usage': {
    input: z.object({ cursor: z.string().nullable().optional(), limit: z.number().int().min(1).max(100).optional() }).strict(),
    output: z.object({ items: z.array(CreditTransaction), nextCursor: z.string().nullable() }),
  },
  'account.spendByDay': {
    input: z.object({ days: z.number().int().min(1).max(365) }).strict(),
    output: z.array(z.object({ day: z.string(), kind: z.string(), credits: z.number().int() })),
  },
  'account.spendByCharacter': {
    input: z.object({ days: z.number().int().min(1).max(365) }).strict(),
    output: z.array(z.object({ characterId: z.string().nullable(), name: z.string().nullable(), credits: z.number().int() })),
  },

  'quotes.price': {
    input: z
      .object({
        operationId: z.string().min(1).max(100),
        input: z.record(z.string(), z.unknown()),
        target: z.object({ character_id: z.string() }).strict().optional(),
      })
      .strict(),
    output: Price,
  },
  /** A quote read again: its approval state now, and whether the balance covers it now. */
  'quotes.get': { input: z.object({ id: Id }).strict(), output: Price },

  'characters.list': { input: z.object({ search: z.string().max(100).optional() }).strict(), output: z.array(CharacterView) },
  'characters.get': { input: z.object({ id: Id }).strict(), output: CharacterView },
  'characters.create': { input: Priced(CreateCharacterBody), output: Job },
  'characters.regenerate': {
    input: z.object({ id: Id, customDetails: z.string().max(LIMITS.customDetails), quoteId: z.string().nullable() }).strict(),
    output: Job,
  },
  'characters.revert': { input: z.object({ id: Id }).strict(), output: Job },
  'characters.delete': { input: z.object({ id: Id }).strict(), output: Ok },

  'generations.create': {
    input: z
      .object({
        body: CreateGenerationRequest.omit({ webhook_url: true }),
        quoteId: z.string().nullable(),
        speech: SpeechStep.optional(),
        /** Several results of one click (1–4 images, 1–2 videos, one talk clip), each its own paid job. */
        count: z.number().int().min(1).max(MOST_RESULTS_PER_CLICK).optional(),
        /** One quote per result, in order, when `count` is over 1 (`quoteId` is then unused). */
        quoteIds: z.array(z.string()).max(MOST_RESULTS_PER_CLICK).optional(),
      })
      .strict(),
    /** The first job of the click; the others share its `batchId`. */
    output: Job,
  },

  'library.query': {
    input: z.object({ filter: LibraryFilter, offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) }).strict(),
    output: z.object({ items: z.array(LibraryItem), total: z.number().int() }),
  },
  'library.ids': { input: z.object({ filter: LibraryFilter }).strict(), output: z.array(z.string()) },
  'library.get': { input: z.object({ id: Id }).strict(), output: LibraryItem },
  'library.setFavorite': { input: z.object({ ids: Ids, favorite: z.boolean() }).strict(), output: Ok },
  'library.delete': {
    input: z.object({ ids: Ids }).strict(),
    output: z.object({ deleted: z.number().int(), failed: z.array(z.object({ id: z.string(), error: AppError })) }),
  },
  /** Copies the items' files to a folder as cancellable background work; `export.progress` follows it by `exportId`. */
  'library.export': {
    input: z.object({ ids: Ids, destination: z.string().min(1).max(4096).optional(), exportId: ExportId.optional() }).strict(),
    output: z.object({ exported: z.number().int(), folder: z.string(), cancelled: z.boolean() }),
  },
  'library.cancelExport': { input: z.object({ exportId: ExportId }).strict(), output: z.object({ cancelled: z.boolean() }) },
  /** `pending` and `failed`: files not in place yet (waiting in line, failed for good), which `library.refetch` puts back in line. */
  'library.check': {
    input: Empty,
    output: z.object({
      missing: z.number().int(),
      orphans: z.number().int(),
      refetched: z.number().int(),
      removed: z.number().int(),
      pending: z.number().int(),
      failed: z.number().int(),
    }),
  },
  'library.refetch': { input: Empty, output: z.object({ queued: z.number().int() }) },
  /** Fetches items' files now, ahead of the queue (an opened item's output, thumbnails of tiles on screen); answers the ids on their way. */
  'library.fetchMedia': {
    input: z.object({ ids: z.array(Id).min(1).max(COMMAND_LIMITS.fetchMediaIds), role: z.enum(['output', 'thumbnail']) }).strict(),
    output: z.object({ queued: z.array(z.string()) }),
  },
  /** The library's health now (the banner reads it on start; `health.changed` follows it). */
  'library.health': { input: Empty, output: LibraryHealth },
  /** Whether the library's disk has room (the banner reads it on start; `disk.changed` follows it). */
  'library.diskSpace': { input: Empty, output: DiskSpace },
  /** A full PRAGMA integrity_check, off the UI's thread; a failure leaves the library `damaged`. */
  'library.checkIntegrity': { input: Empty, output: LibraryHealth },
  /** Moves a damaged library aside and rebuilds it from the service and the media on disk. */
  'library.repair': { input: Empty, output: LibraryHealth },
  'library.stats': { input: Empty, output: z.object({ items: z.number().int(), bytes: z.number().int(), path: z.string() }) },
  'collections.list': { input: Empty, output: z.array(Collection) },
  'collections.create': { input: z.object({ name: z.string().min(1).max(APP_NAME_LIMITS.collectionName) }).strict(), output: Collection },
  'collections.addItems': { input: z.object({ id: Id, itemIds: Ids }).strict(), output: Ok },
  'collections.removeItems': { input: z.object({ id: Id, itemIds: Ids }).strict(), output: Ok },

  'voices.list': { input: Empty, output: z.object({ voices: z.array(VoiceView), presets: z.array(VoiceView) }) },
  'voices.clone': { input: Priced(CloneVoiceFields.omit({ webhook_url: true }).superRefine(checkVoiceSetup)), output: Job },
  'audio.list': { input: z.object({ voiceId: z.string().optional() }).strict(), output: z.array(AudioTrack) },
  'audio.create': { input: Priced(CreateAudioRequest.omit({ webhook_url: true })), output: Job },
  'audio.delete': { input: z.object({ id: Id }).strict(), output: Ok },

  'uploads.create': {
    input: z
      .object({
        fileName: z.string().min(1).max(COMMAND_LIMITS.uploadFileName),
        contentType: z.string().min(1).max(100),
        dataBase64: z.string().max(140_000_000),
      })
      .strict(),
    output: z.object({ url: z.string(), contentType: z.string(), size: z.number().int() }),
  },
  'uploads.fromPath': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: z.object({ url: z.string(), contentType: z.string(), size: z.number().int() }),
  },

  'jobs.list': { input: Empty, output: z.object({ jobs: z.array(Job), paused: z.boolean(), pendingCredits: z.number().int() }) },
  /** Paid requests being sent or in doubt in the open library (none when no library is open): a restart waits for them. */
  'jobs.paidInFlight': { input: Empty, output: PaidWorkInFlight },
  'jobs.pause': { input: Empty, output: Ok },
  'jobs.resume': { input: Empty, output: Ok },
  'jobs.cancel': { input: z.object({ id: Id }).strict(), output: Job },
  /** The price of retrying a failed job: its stored body quoted again. */
  'jobs.price': { input: z.object({ id: Id }).strict(), output: Price },
  'jobs.retry': { input: z.object({ id: Id, quoteId: z.string().nullable() }).strict(), output: Job },
  /** The creator's word on a job in doubt history could not settle: keep waiting for it, or it ran (mark as done). */
  'jobs.decide': { input: z.object({ id: Id, choice: z.enum(['wait', 'done']) }).strict(), output: Job },
  /** Send a job in doubt again as a new request, at the creator's own risk (it may be charged twice). */
  'jobs.sendAgain': { input: z.object({ id: Id, quoteId: z.string().nullable() }).strict(), output: Job },

  'settings.get': { input: Empty, output: Settings },
  'settings.set': { input: Settings.partial().strict(), output: Settings },

  // Desktop-only: the browser host has no handler and answers not_available.
  'shell.startDrag': { input: z.object({ mediaId: Id, fileName: z.string().max(255).optional() }).strict(), output: Ok },
  'shell.showInFolder': { input: z.object({ mediaId: Id }).strict(), output: Ok },
  'shell.saveAs': {
    input: z.object({ mediaId: Id, fileName: z.string().max(255).optional() }).strict(),
    output: z.object({ saved: z.boolean() }),
  },
  'shell.openFolder': { input: z.object({ folder: z.enum(['data', 'logs']) }).strict(), output: Ok },
  'shell.openExternal': { input: z.object({ url: z.url({ protocol: /^https$/ }) }).strict(), output: Ok },
  // Browser-host-only, answered by its bridge (electron/web/bridgeServer.ts): the sessions of pages
  // opened from its links, and ending one. The desktop app has none and answers not_available.
  'shell.listSessions': {
    input: Empty,
    output: z.array(
      z.object({
        id: Id,
        startedAt: z.number(),
        lastUsedAt: z.number(),
        expiresAt: z.number(),
        /** The session of the page that asks. */
        current: z.boolean(),
      }),
    ),
  },
  'shell.endSession': { input: z.object({ id: Id }).strict(), output: Ok },

  'window.focusChanged': { input: z.object({ focused: z.boolean() }).strict(), output: Ok },

  // Answered by the shell, also while core is down: what `core.changed` last said, for a page that connects later.
  'shell.coreState': { input: Empty, output: events['core.changed'] },
  // Answered by the shell: once core was given up (`stopped`), starts it again with a fresh budget of restarts;
  // while core runs or restarts it changes nothing. Either way the answer is core's state after the ask.
  'shell.restartCore': { input: Empty, output: events['core.changed'] },

  ...sceneCommands,
  ...spaceCommands,
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<C extends CommandName> = z.input<Commands[C]['input']>;
export type CommandOutput<C extends CommandName> = z.infer<Commands[C]['output']>;
export const COMMAND_NAMES = Object.keys(commands) as CommandName[];
