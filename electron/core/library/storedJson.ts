import type { z } from 'zod';

/**
 * A value a library row keeps as JSON, read against what it should be: null when the text is not
 * a JSON object (an older version's sentence, say) or not of that shape, for the caller to fall back.
 */
export function storedJson<T>(text: string | null, schema: z.ZodType<T>): T | null {
  if (!text?.startsWith('{')) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
