/** A small activity indicator; `decorative` when a label nearby already says what is happening. */
export function Spinner({ decorative = false, label = 'Working' }: { decorative?: boolean; label?: string }) {
  if (decorative) return <span className="spinner" aria-hidden="true" />;
  return <span className="spinner" role="status" aria-label={label} />;
}
