import { z } from 'zod';
import { HttpsUrl, Timestamp, Uuid, VoiceStatus, WebhookUrlField, dataOf } from './common.ts';
import { LIMITS } from './limits.ts';
import { VOICE_MODELS } from './voiceOptions.ts';

export const VoiceModel = z.enum(VOICE_MODELS);
export type VoiceModel = z.infer<typeof VoiceModel>;
export const SetupMode = z.enum(['voice_clone', 'voice_design']);
// spec 2.4: seen `cloned` and `preset`; `designed` is a decision.
export const VoiceSourceType = z.enum(['cloned', 'designed', 'preset']);

// spec 2.4; fields past id, name, status and source_type are decisions.
export const Voice = z.looseObject({
  id: Uuid,
  name: z.string(),
  status: VoiceStatus,
  source_type: z.string(),
  description: z.string().nullable().optional(),
  model: z.string().optional(),
  preview_url: z.string().nullable().optional(),
  owner: z.enum(['me', 'team', 'system']).optional(),
  error_message: z.string().nullable().optional(),
  created_at: Timestamp.optional(),
});
export type Voice = z.infer<typeof Voice>;
export const VoiceResponse = dataOf(Voice);

// spec 4.4: data.voices, data.presets, meta.has_more
export const VoiceList = z.looseObject({
  data: z.looseObject({ voices: z.array(Voice), presets: z.array(Voice) }),
  meta: z.looseObject({ has_more: z.boolean(), next_cursor: z.string().nullable().optional() }),
});
export type VoiceList = z.infer<typeof VoiceList>;

export const VoiceListQuery = z.strictObject({
  presets: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(LIMITS.voicesListLimit.min).max(LIMITS.voicesListLimit.max).optional(),
});

export const VoiceName = z.string().trim().min(LIMITS.voiceName.min).max(LIMITS.voiceName.max);

// spec 4.4 POST /v1/voices/clone. Decision: for voice_design the description is the design prompt.
export const CloneVoiceFields = z.strictObject({
  name: VoiceName,
  description: z.string().max(LIMITS.voiceDescription).optional(),
  source_url: HttpsUrl.optional(),
  model: VoiceModel.default('voice-model-a'),
  setup_mode: SetupMode.default('voice_clone'),
  webhook_url: WebhookUrlField,
});

/** What the schema alone cannot say: each setup mode needs its own input. */
export function checkVoiceSetup(
  v: { setup_mode: 'voice_clone' | 'voice_design'; source_url?: string | undefined; description?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.setup_mode === 'voice_clone' && !v.source_url) {
    ctx.addIssue({ code: 'custom', path: ['source_url'], message: 'Cloning a voice needs source_url: an audio sample you uploaded.' });
  }
  if (v.setup_mode === 'voice_design' && !v.description?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: 'Designing a voice needs a description of the voice.' });
  }
}

export const CloneVoiceRequest = CloneVoiceFields.superRefine(checkVoiceSetup);
export type CloneVoiceRequest = z.infer<typeof CloneVoiceRequest>;
export type CloneVoiceInput = z.input<typeof CloneVoiceRequest>;

export const VoiceAccepted = z.looseObject({
  id: Uuid,
  name: z.string(),
  status: VoiceStatus,
  source_type: z.string().optional(),
  credits_used: z.number().int().optional(),
  credits_remaining: z.number().int().optional(),
  created_at: Timestamp.optional(),
});
export const VoiceAcceptedResponse = dataOf(VoiceAccepted);
