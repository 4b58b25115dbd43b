import { z } from 'zod';

export const Uuid = z.uuid();
export const Timestamp = z.iso.datetime({ offset: true });
export const HttpsUrl = z.url({ protocol: /^https$/ });

/** The four kinds of resource the service keeps and the library mirrors (spec 2): written once, here. */
export const ResourceKind = z.enum(['character', 'generation', 'voice', 'audio']);
export type ResourceKind = z.infer<typeof ResourceKind>;

// spec 2.2 / 3: state sets
export const CharacterStatus = z.enum(['generating', 'ready', 'failed']);
export const GenerationStatus = z.enum(['pending', 'processing', 'completed', 'failed']);
export const VoiceStatus = z.enum(['processing', 'ready', 'failed']);
export const AudioStatus = z.enum(['processing', 'ready', 'failed']);
export const QuoteApprovalState = z.enum(['pending', 'approved', 'rejected', 'revoked']);

export type CharacterStatus = z.infer<typeof CharacterStatus>;
export type GenerationStatus = z.infer<typeof GenerationStatus>;
export type VoiceStatus = z.infer<typeof VoiceStatus>;
export type AudioStatus = z.infer<typeof AudioStatus>;
export type QuoteApprovalState = z.infer<typeof QuoteApprovalState>;

export const TERMINAL: { readonly [K in ResourceKind]: readonly string[] } = {
  character: ['ready', 'failed'],
  generation: ['completed', 'failed'],
  voice: ['ready', 'failed'],
  audio: ['ready', 'failed'],
} as const;

export function isTerminal(kind: ResourceKind, status: string): boolean {
  return TERMINAL[kind].includes(status);
}

/** spec 4 general rules: every record response is `{ data: ... }`; unknown fields are tolerated. */
export function dataOf<T extends z.ZodType>(record: T) {
  return z.looseObject({ data: record });
}

/** Decision (docs/service-decisions.md): list envelope `{ data: [...], meta: { has_more, next_cursor } }`. */
export const ListMeta = z.looseObject({
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type ListMeta = z.infer<typeof ListMeta>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), meta: ListMeta });
}

// Query values arrive as strings; a limit outside the bounds is a validation error, not clamped.
export const ListLimit = z.coerce.number().int().min(1).max(100);

export const PageQuery = z.strictObject({
  cursor: z.string().min(1).optional(),
  limit: ListLimit.optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Decision: DELETE answers 200 `{ data: { id, deleted: true } }`. */
export const DeletedResponse = dataOf(z.looseObject({ id: Uuid, deleted: z.literal(true) }));
export type DeletedResponse = z.infer<typeof DeletedResponse>;

/** spec 4 general rules: `webhook_url` is accepted by the schema only to be refused with 503. */
export const WebhookUrlField = z.string().optional();
