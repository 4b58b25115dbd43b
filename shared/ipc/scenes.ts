import { z } from 'zod';
import { AppError, LineProblem } from './appErrors.ts';
import { Emotion } from '../api/audio.ts';
import { Quality } from '../api/catalog.ts';
import { APP_NAME_LIMITS, LIMITS } from '../api/limits.ts';
import { fitsBase, MAX_TEXT_CHANGES } from '../scenes/textChanges.ts';
import { Job } from './models.ts';
import { SCENE_EXPORT_CHUNK_BYTES } from './sceneExportChunks.ts';
import { SCENE_ASPECTS } from './sceneSettings.ts';
import { SCENE_LINE_STATES, SCENE_STATE_KINDS } from './sceneState.ts';

// Plain values and helpers a page needs without the schemas; core reads them from here too.
export { SCENE_EXPORT_CHUNK_BYTES } from './sceneExportChunks.ts';
export { UNRENDERED_LINE_FIELDS, sceneStateOf } from './sceneState.ts';

const Id = z.string().min(1).max(200);
const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });
/** Names one scene export so its caller can follow and cancel it. */
const ExportId = z.string().regex(/^[0-9A-Za-z-]{1,64}$/);

const speechSettingText = z.string().min(LIMITS.speechSettingText.min).max(LIMITS.speechSettingText.max);

/** The model-b speech fields a character's voice settings may carry (spec 4.5). */
export const SpeechSettings = z
  .object({
    emotion: Emotion.optional(),
    speaker: speechSettingText.optional(),
    voice_description: speechSettingText.optional(),
    style_instruction: speechSettingText.optional(),
    language: z.string().min(LIMITS.speechLanguage.min).max(LIMITS.speechLanguage.max).optional(),
  })
  .strict();
export type SpeechSettings = z.infer<typeof SpeechSettings>;

/** A character's default voice: the app's own data in the library, kept across syncs. */
export const CastVoice = z.object({
  characterId: z.string(),
  voiceId: z.string(),
  /** The voice's name when it is known (owned, cloned or preset); null when it is gone from the service. */
  voiceName: z.string().nullable(),
  settings: SpeechSettings,
  updatedAt: z.string(),
});
export type CastVoice = z.infer<typeof CastVoice>;

/**
 * One line of a scene. `talk`: a character speaks it (speech with the character's voice, or
 * `voiceId`, then a talk clip of the character with that audio). `speech`: a plain speech line
 * (a narrator, no picture) with `voiceId`. `clip`: an existing gallery item played as it is.
 */
export const SceneLineKind = z.enum(['talk', 'speech', 'clip']);
export type SceneLineKind = z.infer<typeof SceneLineKind>;

export const TalkOptions = z
  .object({
    duration: z.number().int().min(LIMITS.generationDuration.min).max(LIMITS.generationDuration.max).optional(),
    expression: z.string().min(LIMITS.generationOptionText.min).max(LIMITS.generationOptionText.max).optional(),
    quality: Quality.optional(),
  })
  .strict();
export type TalkOptions = z.infer<typeof TalkOptions>;

/** A line as the editor writes it (the renderer makes the id, a UUID, when the line is made). */
export const SceneLineInput = z
  .object({
    id: z.uuid(),
    kind: SceneLineKind,
    characterId: z.string().max(200).nullable(),
    /** Overrides the character's default voice; required for a `speech` line. */
    voiceId: z.string().max(200).nullable(),
    text: z.string().max(LIMITS.audioText.max),
    emotion: Emotion.nullable(),
    talk: TalkOptions.nullable(),
    /** For a `clip` line: the gallery item it plays. */
    clipItemId: z.string().max(200).nullable(),
  })
  .strict();
export type SceneLineInput = z.infer<typeof SceneLineInput>;

/** Where a line's render stands (sceneState.ts says what each state means). */
export const SceneLineState = z.enum(SCENE_LINE_STATES);
export type SceneLineState = z.infer<typeof SceneLineState>;

export const SceneLine = SceneLineInput.extend({
  state: SceneLineState,
  /** The content key of the line as it is now (what a render of it is reused by). */
  key: z.string(),
  speechJobId: z.string().nullable(),
  talkJobId: z.string().nullable(),
  /** The finished speech track (audio id) and talk clip (generation id) of the current content. */
  audioId: z.string().nullable(),
  generationId: z.string().nullable(),
  /** What the player plays: the talk clip's video, the speech line's audio, or the clip item's media. */
  mediaId: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** The library's thumbnail of the line's picture (a talk clip's, or a clip item's); null for a speech line or before it exists. */
  thumbId: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the line failed or cannot play yet, as the page words it. */
  error: AppError.nullable(),
  /** The member whose machine renders this line's content now (the space's line claims): this machine waits for it, never pays. */
  renderingOn: z.string().nullable(),
});
export type SceneLine = z.infer<typeof SceneLine>;

export const SceneAspect = z.enum(SCENE_ASPECTS);
export type SceneAspect = z.infer<typeof SceneAspect>;

export const Scene = z.object({
  id: z.string(),
  title: z.string(),
  aspect: SceneAspect,
  quality: Quality,
  lines: z.array(SceneLine),
  /** The scene's own collection in the gallery (its lines' clips and its exports), made on first render. */
  collectionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Scene = z.infer<typeof Scene>;

/** Where a whole scene stands (sceneState.ts says what each kind means). */
export const SceneStateKind = z.enum(SCENE_STATE_KINDS);
export type SceneStateKind = z.infer<typeof SceneStateKind>;
export const SceneState = z.object({ kind: SceneStateKind, done: z.number().int(), total: z.number().int() });
export type SceneState = z.infer<typeof SceneState>;

export const SceneSummary = z.object({
  id: z.string(),
  title: z.string(),
  lineCount: z.number().int(),
  doneCount: z.number().int(),
  /** Headshot content ids of the characters in the scene, first appearance first (at most 4). */
  castMediaIds: z.array(z.string()),
  state: SceneState,
  updatedAt: z.string(),
});
export type SceneSummary = z.infer<typeof SceneSummary>;

/** A line's price before rendering: `reused` lines cost nothing (their content was rendered already). */
export const SceneLinePrice = z.object({
  lineId: z.string(),
  credits: z.number().int().nullable(),
  reused: z.boolean(),
  /** Why it cannot be priced or rendered yet (no voice, empty text, no character…); null when it can. */
  problem: LineProblem.nullable(),
  estimateMs: z.number().int().nullable(),
});
export const ScenePrice = z.object({
  lines: z.array(SceneLinePrice),
  totalCredits: z.number().int(),
  /** Lines that would be sent (not reused, no problem). */
  toRender: z.number().int(),
  estimateMs: z.number().int().nullable(),
  /**
   * `history`: from this library's own earlier runs of such jobs; `floor`: some line has no such
   * run yet, so its clip's own duration stands in, and the real time will be longer.
   */
  estimateBasis: z.enum(['history', 'floor']).optional(),
  balance: z.number().int().nullable(),
  covered: z.boolean(),
  approvalRequired: z.boolean(),
});
export type ScenePrice = z.infer<typeof ScenePrice>;

/** Who speaks one job of a scene in the queue: the line's place in the scene (from 1) and its speaker. */
export const SceneQueueLine = z.object({
  jobId: z.string(),
  /** null when the job rendered content no line has any more (the line was edited or deleted since). */
  lineNumber: z.number().int().min(1).nullable(),
  /** The character's name, "Narrator" for a speech line; null when the line is gone. */
  speaker: z.string().nullable(),
});
export type SceneQueueLine = z.infer<typeof SceneQueueLine>;

/** How the queue names a scene's group of jobs (its `batchId` is the scene's id). */
export const SceneQueueGroup = z.object({
  sceneId: z.string(),
  /** The scene's title now; null when the scene was deleted. */
  title: z.string().nullable(),
  lines: z.array(SceneQueueLine),
});
export type SceneQueueGroup = z.infer<typeof SceneQueueGroup>;

export const SceneExportFormat = z.enum(['mp4', 'srt', 'vtt', 'fcpxml', 'otio']);
export type SceneExportFormat = z.infer<typeof SceneExportFormat>;

const CHUNK_BASE64_CHARS = Math.ceil(SCENE_EXPORT_CHUNK_BYTES / 3) * 4;
const MAX_EXPORT_POSITION = 64 * 1024 ** 3;

/**
 * What the renderer measured while joining: each exported line's real duration (the subtitles and
 * the timeline are timed from these, not from what was asked of the service), the picture's size
 * and frame rate, and whether the clips were copied without re-encoding.
 */
export const SceneJoin = z
  .object({
    remuxed: z.boolean(),
    lines: z
      .array(z.object({ lineId: Id, durationMs: z.number().int().min(1).max(3_600_000) }).strict())
      .min(1)
      .max(1000),
    width: z.number().int().min(1).max(8192),
    height: z.number().int().min(1).max(8192),
    frameRate: z.number().min(1).max(240),
  })
  .strict();
export type SceneJoin = z.infer<typeof SceneJoin>;

/** One of the page's words an export writes as a name: something a file name keeps (a letter or a digit), short. */
const ExportName = z
  .string()
  .min(1)
  .max(80)
  .regex(/[\p{L}\p{N}]/u);

/**
 * The page's words, in the person's language, that an export writes onto the disk and into the
 * library: the name of an untitled scene (its folder, files, timeline and library item), the folder
 * of the line clips, and a line clip's name when no character names the line (a narrator line, a
 * talk line whose character is gone, a gallery clip). Core has no words of its own for these.
 */
export const SceneExportNames = z
  .object({ untitled: ExportName, clipsFolder: ExportName, narrator: ExportName, someone: ExportName, clip: ExportName })
  .strict();
export type SceneExportNames = z.infer<typeof SceneExportNames>;

export const SceneExportResult = z.object({
  cancelled: z.boolean(),
  folder: z.string(),
  files: z.array(z.object({ format: SceneExportFormat, path: z.string() })),
  /** Whether the clips were joined without re-encoding. */
  remuxed: z.boolean(),
  durationMs: z.number().int(),
  /** The exported MP4 as a library item (in the scene's collection). */
  itemId: z.string().nullable(),
});
export type SceneExportResult = z.infer<typeof SceneExportResult>;

const TEXT_MAX = LIMITS.audioText.max;

/** One change of a line's text: `remove` characters at `at` of the base replaced by `insert` (shared/scenes/textChanges.ts). */
export const LineTextChange = z
  .object({
    at: z.number().int().min(0).max(TEXT_MAX),
    remove: z.number().int().min(0).max(TEXT_MAX),
    insert: z.string().max(TEXT_MAX),
  })
  .strict();
export type LineTextChange = z.infer<typeof LineTextChange>;

/**
 * An edit of a line's words as changes against the text the editor last had from core (`base`), so
 * an edit made meanwhile elsewhere (another member, another machine) is kept: the changes are moved
 * over it, never written over it.
 */
export const LineTextEdit = z
  .object({
    sceneId: Id,
    lineId: z.uuid(),
    base: z.string().max(TEXT_MAX),
    changes: z.array(LineTextChange).min(1).max(MAX_TEXT_CHANGES),
  })
  .strict()
  .refine((edit) => fitsBase(edit.base, edit.changes), { path: ['changes'], message: 'The changes do not fit the base text.' });
export type LineTextEdit = z.infer<typeof LineTextEdit>;

/** Someone else in a scene: a member of the space on another machine, and the line they are on. */
export const ScenePresenceMember = z.object({
  /** One per machine (the presence channel's client), so one member on two machines shows twice. */
  clientId: z.number().int(),
  memberId: z.string(),
  name: z.string(),
  /** A hue (0–359) made from the member id, the same on every machine. */
  hue: z.number().int().min(0).max(359),
  lineId: z.string().nullable(),
});
export type ScenePresenceMember = z.infer<typeof ScenePresenceMember>;

/** The scene commands, spread into shared/ipc/commands.ts. */
export const sceneCommands = {
  'cast.voices': { input: Empty, output: z.array(CastVoice) },
  /** Gives a character its default voice and speech settings, or takes it away (`voiceId` null). */
  'cast.setVoice': {
    input: z.object({ characterId: Id, voiceId: Id.nullable(), settings: SpeechSettings.optional() }).strict(),
    output: CastVoice.nullable(),
  },

  'scenes.list': { input: Empty, output: z.array(SceneSummary) },
  'scenes.get': { input: z.object({ id: Id }).strict(), output: Scene },
  'scenes.create': { input: z.object({ title: z.string().max(APP_NAME_LIMITS.sceneTitle).optional() }).strict(), output: Scene },
  /**
   * Saves as the creator types: title and settings, and the whole ordered list of lines when given.
   * `seenLineIds`: the lines the editor's list was made from. With it, those lines keep their words
   * as the scene holds them (words change through `scenes.editLineText`), one of them the scene no
   * longer has stays removed, and a line of the scene not among them (added elsewhere meanwhile) is
   * kept after the line it follows (shared/scenes/lineListMerge.ts).
   */
  'scenes.update': {
    input: z
      .object({
        id: Id,
        title: z.string().max(APP_NAME_LIMITS.sceneTitle).optional(),
        aspect: SceneAspect.optional(),
        quality: Quality.optional(),
        lines: z.array(SceneLineInput).max(1000).optional(),
        seenLineIds: z.array(Id).max(1000).optional(),
      })
      .strict(),
    output: Scene,
  },
  /**
   * Types into a line: the changes are made on the line's shared text when the scene is in a space
   * (where they merge with what others type), in the library otherwise. Answers the line as it is
   * now (its text with what others typed, and its state).
   */
  'scenes.editLineText': { input: LineTextEdit, output: SceneLine },
  /**
   * Where the editor is: the scene open (null: none) and the line being written (null: none). Others
   * in the scene see it; `scene.presence` tells who else is there.
   */
  'scenes.presence': { input: z.object({ sceneId: Id.nullable(), lineId: z.uuid().nullable() }).strict(), output: Ok },
  'scenes.delete': { input: z.object({ id: Id }).strict(), output: Ok },
  /**
   * A copy of the scene. `title` is the copy's, worded by the page in the person's language ("… (copy)");
   * without it the copy keeps the original's title.
   */
  'scenes.duplicate': {
    input: z.object({ id: Id, title: z.string().max(APP_NAME_LIMITS.sceneTitle).optional() }).strict(),
    output: Scene,
  },
  /**
   * The queue's names for groups of jobs that may be scenes' (`sceneIds` are the groups' batch ids):
   * each scene's title and each of its jobs' line and speaker. Ids that were never scenes are left out.
   */
  'scenes.queueGroups': {
    input: z.object({ sceneIds: z.array(Id).max(500) }).strict(),
    output: z.array(SceneQueueGroup),
  },
  /** The exact price of rendering what is not rendered yet (or only `lineIds`), from quotes. */
  'scenes.price': { input: z.object({ id: Id, lineIds: z.array(Id).max(1000).optional() }).strict(), output: ScenePrice },
  /** Queues every line that needs rendering (or only `lineIds`: a retry or a re-render of one line). */
  'scenes.render': {
    input: z.object({ id: Id, lineIds: z.array(Id).max(1000).optional() }).strict(),
    output: z.object({ scene: Scene, jobs: z.array(Job) }),
  },
  /**
   * Receives the joined MP4 (made in the renderer, which has the codecs) piece by piece; `position`
   * is where the piece goes in the file, since the writer goes back to fill in sizes.
   */
  'scenes.exportChunk': {
    input: z
      .object({
        exportId: ExportId,
        position: z.number().int().min(0).max(MAX_EXPORT_POSITION),
        dataBase64: z.string().min(1).max(CHUNK_BASE64_CHARS),
      })
      .strict(),
    output: Ok,
  },
  /**
   * Writes the scene's files into the destination: the MP4 received through `scenes.exportChunk`
   * (when `mp4` is asked for), subtitles and a timeline timed by `join`, and the line clips the
   * timeline references; `scene.exporting` follows it. Cancelling leaves no partial file. `names`
   * are the page's words for what has no name of its own (an untitled scene, a narrator's clip).
   */
  'scenes.export': {
    input: z
      .object({
        id: Id,
        exportId: ExportId,
        destination: z.string().min(1).max(4096).optional(),
        formats: z.array(SceneExportFormat).min(1).max(5).optional(),
        join: SceneJoin,
        names: SceneExportNames,
      })
      .strict(),
    output: SceneExportResult,
  },
  'scenes.cancelExport': { input: z.object({ exportId: ExportId }).strict(), output: z.object({ cancelled: z.boolean() }) },
} as const;

/** Joining and encoding run in the renderer; core writes the files (`saving`), subtitles, timeline and library item. */
export const SceneExportStage = z.enum(['joining', 'encoding', 'saving', 'subtitles', 'timeline', 'library']);
export type SceneExportStage = z.infer<typeof SceneExportStage>;

/** The scene events, spread into shared/ipc/events.ts. */
export const sceneEvents = {
  'scene.updated': Scene,
  /** A scene was removed on another machine of the space (one removed here answers `scenes.delete`). */
  'scene.removed': z.object({ id: z.string() }),
  /** Who else is in the scene the editor is on (after `scenes.presence`), each time that changes. */
  'scene.presence': z.object({ sceneId: z.string(), others: z.array(ScenePresenceMember) }),
  'cast.changed': z.object({ characterId: z.string(), voice: CastVoice.nullable() }),
  'scene.exporting': z.object({
    exportId: z.string(),
    sceneId: z.string(),
    state: z.enum(['running', 'done', 'cancelled', 'failed']),
    /** 0..1 */
    progress: z.number().min(0).max(1),
    stage: SceneExportStage,
    /** Why a failed export failed, as the page words it. */
    problem: AppError.nullable(),
  }),
} as const;
