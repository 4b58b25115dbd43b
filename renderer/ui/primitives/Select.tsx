import { ChevronDown, Check } from 'lucide-react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, Text, type Key } from 'react-aria-components';
import { usePortalContainer } from './portalContainer.ts';

export type SelectChoice = { value: string; label: string; disabled?: boolean };

type SelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectChoice[];
  /** Shown while no option is chosen (the value is not among the options). */
  placeholder?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** For tests and styling: the field's stable name (data-field). */
  name?: string;
};

/** A choice among a few options: a labelled button that opens a listbox (react-aria's Select). */
export function Select({ label, value, onChange, options, placeholder, hint, required, disabled, className, name }: SelectProps) {
  const [portalContainer, placeTrigger] = usePortalContainer();
  // react-aria keys cannot be the empty string, which is a real choice here ("the voice's own model").
  const toKey = (choice: string): Key => (choice === '' ? EMPTY : choice);
  const selected = options.some((option) => option.value === value) ? toKey(value) : null;
  return (
    <AriaSelect
      className={`field ui-select ${className ?? ''}`}
      selectedKey={selected}
      onSelectionChange={(key) => key !== null && onChange(key === EMPTY ? '' : String(key))}
      disabledKeys={options.filter((option) => option.disabled).map((option) => toKey(option.value))}
      placeholder={placeholder}
      isRequired={required}
      isDisabled={disabled}
      data-field={name}
    >
      <Label className="field-label">
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      <Button ref={placeTrigger} className="input ui-select-button">
        <SelectValue className="ui-select-value" />
        <ChevronDown size={16} aria-hidden="true" />
      </Button>
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
      <Popover className="ui-popover" UNSTABLE_portalContainer={portalContainer}>
        <ListBox className="ui-listbox">
          {options.map((option) => (
            <ListBoxItem key={toKey(option.value)} id={toKey(option.value)} className="ui-option" textValue={option.label}>
              {({ isSelected }) => (
                <>
                  <span>{option.label}</span>
                  {isSelected ? <Check size={14} aria-hidden="true" /> : null}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

const EMPTY = '__empty__';
