/** A determinate bar when `value` (0-1) is known, an indeterminate one otherwise. */
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  const percent = value === null ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={`progress${percent === undefined ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="progress-fill" style={percent === undefined ? undefined : { width: `${percent}%` }} />
    </div>
  );
}
