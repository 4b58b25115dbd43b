import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ControlProps } from './Field.tsx';

type ComboboxProps = ControlProps & {
  value: string;
  onChange: (value: string) => void;
  suggestions: readonly string[];
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
};

/**
 * A text input with a list of suggested values; any other value may be typed (free entry).
 * ARIA 1.2 combobox pattern: the input keeps focus, arrows move the active option.
 */
export function Combobox({ value, onChange, suggestions, placeholder, maxLength, disabled, ...control }: ComboboxProps) {
  const intl = useIntl();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  const matches = useMemo(() => {
    const needle = value.trim().toLocaleLowerCase();
    const list = needle
      ? suggestions.filter((s) => s.toLocaleLowerCase().includes(needle) && s.toLocaleLowerCase() !== needle)
      : suggestions;
    return list.slice(0, 12);
  }, [value, suggestions]);

  const expanded = open && matches.length > 0;

  const choose = (suggestion: string) => {
    onChange(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (matches.length ? (index + 1) % matches.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (matches.length ? (index <= 0 ? matches.length - 1 : index - 1) : -1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      const chosen = matches[active];
      if (chosen !== undefined) choose(chosen);
    } else if (event.key === 'Escape' && expanded) {
      // Close the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="combobox">
      <input
        {...control}
        ref={inputRef}
        type="text"
        className="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        className="combobox-list"
        hidden={!expanded}
        aria-label={intl.formatMessage({ id: 'ui.combobox.suggestions' })}
      >
        {matches.map((suggestion, index) => (
          <li
            key={suggestion}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox-option"
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            {suggestion}
          </li>
        ))}
      </ul>
    </div>
  );
}
