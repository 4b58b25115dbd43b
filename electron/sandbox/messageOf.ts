/** The sentence an error carries, for a log line or a failed job's message. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() || 'The job failed.';
}
