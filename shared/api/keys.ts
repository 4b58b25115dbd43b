import { z } from 'zod';
import { Timestamp, Uuid, dataOf } from './common.ts';
import { API_KEY_PATTERN } from './apiKeyFormat.ts';

// spec 2.1
export const ApiKeyText = z.string().regex(API_KEY_PATTERN, 'An API key is sk_live_ followed by 64 hexadecimal characters.');
export const WebhookSecret = z.string().regex(/^whsec_[0-9a-zA-Z]+$/);

export const Scope = z.enum(['characters:write', 'images:generate', 'videos:generate', 'speech:generate', 'voices:write']);
export type Scope = z.infer<typeof Scope>;
export const ALL_SCOPES = Scope.options;

export const CreateKeyRequest = z.strictObject({
  name: z.string().min(1).max(100),
  scopes: z.array(Scope).min(1).optional(),
  expires_at: Timestamp.optional(),
});

export const CreatedKey = z.looseObject({
  id: Uuid,
  name: z.string(),
  prefix: z.string(),
  key: ApiKeyText,
  webhook_secret: WebhookSecret,
  scopes: z.array(Scope),
  expires_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export const CreatedKeyResponse = dataOf(CreatedKey);

// spec 2.1 listing fields: prefix, name, last_used_at, created_at
export const KeyListing = z.looseObject({
  id: Uuid,
  prefix: z.string(),
  name: z.string(),
  last_used_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export const KeyList = z.looseObject({ data: z.array(KeyListing) });

/** Masked form the renderer may see: the prefix only. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, 12)}…`;
}
