import type { AppError } from '../../shared/ipc/index.ts';
import { describeError } from '../errors/errorMessages.ts';

/** An error shown where the user acted, as a sentence; never raw JSON or a stack. */
export function InlineError({ error, className }: { error: AppError | string | null | undefined; className?: string }) {
  if (!error) return null;
  const text = typeof error === 'string' ? error : describeError(error);
  return (
    <p role="alert" className={`inline-error ${className ?? ''}`} data-error-code={typeof error === 'string' ? undefined : error.code}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="inline-error-icon">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5v4.2M8 11v.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{text}</span>
    </p>
  );
}
