// spec 8: every stated limit, one place. Client validation and the sandbox both read these.
export const LIMITS = {
  activeApiKeysPerUser: 10,
  apiKeyHexLength: 64,
  characterName: { min: 1, max: 100 },
  characterReferenceImages: 4,
  /** One trait of a new character: gender, age, art style, mood… */
  characterTrait: { min: 1, max: 500 },
  /** A new character's prompt or custom details. */
  characterDescription: { min: 1, max: 2000 },
  generationPrompt: { min: 1, max: 2000 },
  generationDuration: { min: 1, max: 15 },
  /** A generation's free-text options: style and expression. */
  generationOptionText: { min: 1, max: 100 },
  imageReferenceImages: 3,
  videoReferenceImagesCeiling: 10,
  voiceName: { min: 1, max: 100 },
  voiceDescription: 500,
  voicesListLimit: { min: 1, max: 100 },
  audioText: { min: 1, max: 5000 },
  audioTrackName: 200,
  /** The model-b speech fields: speaker, voice description, style instruction. */
  speechSettingText: { min: 1, max: 1000 },
  speechLanguage: { min: 2, max: 35 },
  // Decisions where the spec says "not shown" (docs/service-decisions.md).
  listLimit: { min: 1, max: 100, default: 20 },
  customDetails: 1000,
  quoteTtlSeconds: 15 * 60,
  idempotencyRetentionHours: 24,
} as const;

/**
 * How many results one click of the generate form may ask for, per generation type. Each result is
 * its own paid job, so this is Cast Studio's own cap on what one click can spend; core refuses a
 * larger count and the form offers no more.
 */
export const RESULTS_PER_CLICK = { image: 4, video: 2, talk: 1 } as const;

/** The most results one click may ask for, whatever the type. */
export const MOST_RESULTS_PER_CLICK = Math.max(...Object.values(RESULTS_PER_CLICK));

/**
 * Lengths of names that are Cast Studio's own and never reach the service. The page's fields and
 * core's checks of the app's commands read these.
 */
export const APP_NAME_LIMITS = {
  profileName: 100,
  collectionName: 100,
  sceneTitle: 200,
} as const;

/**
 * Cast Studio's own bounds on what one command from the page to core carries. The app's contract
 * (`shared/ipc/commands.ts`) refuses more, and the page cuts what it sends to fit.
 */
export const COMMAND_LIMITS = {
  /** Item ids in one command: a bigger selection goes in slices. */
  idsPerCommand: 10_000,
  /** Items whose files one `library.fetchMedia` asks for now. */
  fetchMediaIds: 200,
  /** An uploaded file's name. */
  uploadFileName: 255,
  /** Credits the sandbox's settings add at once. */
  sandboxCredits: { min: 1, max: 1_000_000 },
} as const;

// spec 4.2 options table: defaults that depend on the generation type.
export const GENERATION_DEFAULTS = {
  imageAspectRatio: '9:16',
  videoAspectRatio: '16:9',
  style: 'editorial',
  hd: false,
  videoDuration: 5,
  talkDuration: 10,
  quality: 'pro',
  imageMode: 'generate',
  videoMode: 'create',
  lipsyncModel: 'avatar-model-a',
  motionIntensity: 'medium',
  characterOrientation: 'image',
  keepOriginalSound: false,
  expression: 'neutral',
} as const;

/**
 * Cast Studio's own bounds on what the service and its CDN send (the spec states none): a file
 * announced larger than its kind's bound is not fetched, and a body that runs past it is cut off.
 * Each is far above what the service's own limits produce (a 15 s video, 5,000 characters of
 * speech) yet finite, so an answer without end fills neither the disk nor memory. Files stream to
 * disk, so these bound disk use, not memory.
 */
export const MEDIA_BYTE_LIMITS = {
  image: 64 * 1024 * 1024,
  /** A character's headshot or full-body picture. */
  portrait: 64 * 1024 * 1024,
  thumbnail: 16 * 1024 * 1024,
  /** A voice's preview: seconds of speech. */
  voicePreview: 32 * 1024 * 1024,
  /** A speech track: 5,000 characters are minutes of audio, uncompressed at worst. */
  audio: 256 * 1024 * 1024,
  /** A video or a talking clip: at most 15 s, even at a studio's bitrate. */
  video: 1024 * 1024 * 1024,
} as const;

export type MediaBoundKind = keyof typeof MEDIA_BYTE_LIMITS;

/**
 * The most bytes one JSON answer of the service may have. The largest answer the app asks for is
 * a list page of at most 100 records (listLimit), each a few kB (a 2,000-character prompt, its
 * options, a handful of URLs): well under 1 MB. 8 MB leaves room for a service that sends much
 * more per record, while reading it (kept as bytes, then text, then parsed) costs core a few tens
 * of MB at most.
 */
export const JSON_ANSWER_BYTE_LIMIT = 8 * 1024 * 1024;
