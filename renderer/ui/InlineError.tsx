import { CircleAlert } from 'lucide-react';
import type { AppError } from '../../shared/ipc/index.ts';
import { useDescribeError } from '../errors/errorMessages.ts';

/** An error shown where the user acted, as a sentence; never raw JSON or a stack. */
export function InlineError({ error, className }: { error: AppError | string | null | undefined; className?: string }) {
  const describe = useDescribeError();
  if (!error) return null;
  const text = typeof error === 'string' ? error : describe(error);
  return (
    <p role="alert" className={`inline-error ${className ?? ''}`} data-error-code={typeof error === 'string' ? undefined : error.code}>
      <CircleAlert size={16} aria-hidden="true" className="inline-error-icon" />
      <span>{text}</span>
    </p>
  );
}
