// spec 8: every stated limit, one place. Client validation and the sandbox both read these.
export const LIMITS = {
  activeApiKeysPerUser: 10,
  apiKeyHexLength: 64,
  characterName: { min: 1, max: 100 },
  characterReferenceImages: 4,
  generationPrompt: { min: 1, max: 2000 },
  generationDuration: { min: 1, max: 15 },
  imageReferenceImages: 3,
  videoReferenceImagesCeiling: 10,
  voiceName: { min: 1, max: 100 },
  voiceDescription: 500,
  voicesListLimit: { min: 1, max: 100 },
  audioText: { min: 1, max: 5000 },
  audioTrackName: 200,
  // Decisions where the spec says "not shown" (docs/service-decisions.md).
  listLimit: { min: 1, max: 100, default: 20 },
  customDetails: 1000,
  quoteTtlSeconds: 15 * 60,
  idempotencyRetentionHours: 24,
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
