import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { dragCarriesDroppable, readDroppedItems, type DroppedItem } from './castItemDrag.ts';

type DropZoneProps = {
  /** What the zone takes, said to the user ("Drop up to 4 images"). */
  label: string;
  hint?: ReactNode;
  /** The file picker's filter, e.g. "image/png,image/jpeg". */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** Gallery items and dragged links. */
  onItems?: (items: DroppedItem[]) => void;
  children?: ReactNode;
  name?: string;
};

/**
 * Takes files dropped from the OS, files from the picker (the keyboard path), and items dragged
 * from the gallery. Validation of type and size is the caller's: it knows the limits.
 */
export function DropZone({ label, hint, accept, multiple = true, disabled = false, onFiles, onItems, children, name }: DropZoneProps) {
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !dragCarriesDroppable(event.dataTransfer)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !dragCarriesDroppable(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) {
      onFiles(multiple ? files : files.slice(0, 1));
      return;
    }
    const items = readDroppedItems(event.dataTransfer);
    if (items.length > 0 && onItems) onItems(multiple ? items : items.slice(0, 1));
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}${disabled ? ' drop-zone-disabled' : ''}`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-drop-zone={name}
      data-drag-over={over || undefined}
    >
      <Upload size={22} aria-hidden="true" className="drop-zone-icon" />
      <div className="drop-zone-text">
        <span className="drop-zone-label">{label}</span>
        {hint ? (
          <span id={hintId} className="drop-zone-hint">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="button button-secondary button-sm"
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
      >
        {intl.formatMessage({ id: 'ui.dropZone.choose' }, { multiple: String(multiple) })}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {children}
    </div>
  );
}
