import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

export function Badge({ tone = 'neutral', children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}

const STATUS_TONES: Record<string, BadgeTone> = {
  generating: 'info',
  processing: 'info',
  pending: 'info',
  queued: 'neutral',
  sending: 'info',
  paused: 'warning',
  waiting_connection: 'warning',
  ready: 'success',
  completed: 'success',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

const STATUS_LABELS: Record<string, string> = {
  waiting_connection: 'waiting for connection',
};

const BUSY = new Set(['generating', 'processing', 'pending', 'sending']);

/** A resource's or job's state as a badge; the `data-status` attribute lets tests wait on it. */
export function StatusBadge({ status }: { status: string }) {
  const tone = STATUS_TONES[status] ?? 'neutral';
  return (
    <span className={`badge badge-${tone}`} data-status={status}>
      {BUSY.has(status) ? <span className="badge-pulse" aria-hidden="true" /> : null}
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** States worth a mark: work in flight, waiting, or failed. Finished things carry none. */
const NOTABLE = new Set([...BUSY, 'queued', 'paused', 'waiting_connection', 'failed']);

/** The state as a badge only when it matters (in flight, waiting, failed); nothing once it is done. */
export function WorkStatus({ status }: { status: string }) {
  return NOTABLE.has(status) ? <StatusBadge status={status} /> : null;
}
