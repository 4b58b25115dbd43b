/**
 * Canonical JSON: object keys sorted at every level (by UTF-16 code units), undefined members left
 * out. The same request always becomes the same bytes, which is what the outbox stores and every
 * retry sends, and equal bodies hash equally whatever their key order (the service's idempotency
 * and quote bindings).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
