import { z } from 'zod';

/** What an error answer says, whatever its shape: the service's code, its message and the field it names. */
export type ErrorAnswer = { code: string | null; message: string | null; field: string | null };

const Text = z.string().trim().min(1);

/** `{ error: { code, message, field?, … } }`: the sandbox's shape, often with more beside it. */
const Enveloped = z.looseObject({
  error: z.looseObject({
    code: Text.optional().catch(undefined),
    message: Text.optional().catch(undefined),
    field: Text.optional().catch(undefined),
  }),
});

/**
 * RFC 9457 `application/problem+json` (`{ type, title, status, detail, … }`, the code as an
 * extension member) and the flat `{ code, message }`: both are read as one loose object.
 */
const Flat = z.looseObject({
  code: Text.optional().catch(undefined),
  message: Text.optional().catch(undefined),
  detail: Text.optional().catch(undefined),
  title: Text.optional().catch(undefined),
  field: Text.optional().catch(undefined),
  type: Text.optional().catch(undefined),
});

/**
 * spec 7: "Body shape of an error response: not shown." Reads the code and message from any of the
 * common shapes; null when the body says nothing usable (the status alone then explains the error).
 */
export function readErrorAnswer(json: unknown): ErrorAnswer | null {
  const enveloped = Enveloped.safeParse(json);
  if (enveloped.success && (enveloped.data.error.code || enveloped.data.error.message)) {
    const { code, message, field } = enveloped.data.error;
    return { code: code ?? null, message: message ?? null, field: field ?? null };
  }
  const flat = Flat.safeParse(json);
  if (!flat.success) return null;
  const { code, message, detail, title, field, type } = flat.data;
  // A problem type other than about:blank names the problem when no code does (RFC 9457 §3.1.1).
  const named = code ?? (type && type !== 'about:blank' ? problemTypeName(type) : undefined);
  const said = message ?? detail ?? title;
  if (!named && !said) return null;
  return { code: named ?? null, message: said ?? null, field: field ?? null };
}

/** The last path segment of a problem type URI (`https://…/problems/insufficient-credits` → `insufficient_credits`). */
function problemTypeName(type: string): string | undefined {
  const last = type.split(/[/#:]/).filter(Boolean).pop();
  return last ? last.replace(/-/g, '_').toLowerCase() : undefined;
}
