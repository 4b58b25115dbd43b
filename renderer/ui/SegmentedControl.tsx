import { useId } from 'react';

export type Segment<T extends string> = { value: T; label: string; disabled?: boolean };

/** A single choice among a few, as native radios: arrow keys move, the group is one tab stop. */
export function SegmentedControl<T extends string>({
  label,
  value,
  segments,
  onChange,
  name,
}: {
  label: string;
  value: T;
  segments: readonly Segment<T>[];
  onChange: (value: T) => void;
  name?: string;
}) {
  const groupName = useId();
  const labelId = `${groupName}-label`;
  return (
    <div className="segmented-field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div className="segmented" role="radiogroup" aria-labelledby={labelId} data-name={name}>
        {segments.map((segment) => (
          <label
            key={segment.value}
            className={`segment${segment.value === value ? ' segment-selected' : ''}${segment.disabled ? ' segment-disabled' : ''}`}
          >
            <input
              type="radio"
              name={groupName}
              value={segment.value}
              checked={segment.value === value}
              disabled={segment.disabled}
              onChange={() => onChange(segment.value)}
            />
            <span>{segment.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
