import { Check, ChevronDown } from 'lucide-react';
import {
  Button,
  Header,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import { usePortalContainer } from './portalContainer.ts';

/** One option; options that share a group are listed under its heading. */
export type SelectChoice = { value: string; label: string; disabled?: boolean; group?: string };

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
  /** For tests and styling: the field's stable name (data-field); the chosen value is in data-value. */
  name?: string;
  /** Named by `label` without showing it (a control in a dense row whose place already says what it is). */
  hideLabel?: boolean;
};

/** A choice among a few options: a labelled button that opens a listbox (react-aria's Select). */
export function Select({
  label,
  value,
  onChange,
  options,
  placeholder,
  hint,
  required,
  disabled,
  className,
  name,
  hideLabel,
}: SelectProps) {
  return (
    <AriaSelect
      aria-label={hideLabel ? label : undefined}
      className={`${hideLabel ? '' : 'field '}ui-select ${className ?? ''}`}
      selectedKey={selectedKey(options, value)}
      onSelectionChange={(key) => key !== null && onChange(choiceValue(key))}
      disabledKeys={disabledKeys(options)}
      placeholder={placeholder}
      isRequired={required}
      isDisabled={disabled}
      data-field={name}
      data-value={value}
    >
      {hideLabel ? null : (
        <Label className="field-label">
          {label}
          {required ? (
            <span className="field-required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </Label>
      )}
      <SelectControl options={options} />
      {hint ? (
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
      ) : null}
    </AriaSelect>
  );
}

/**
 * The button and the listbox of a react-aria Select, whoever labels it (this file's Select, or a
 * Field around it). Each option carries its value as data-value, for tests.
 */
export function SelectControl({ options }: { options: readonly SelectChoice[] }) {
  const [portalContainer, placeTrigger] = usePortalContainer();
  const groups = [...new Set(options.map((option) => option.group))];
  const item = (option: SelectChoice) => (
    <ListBoxItem
      key={choiceKey(option.value)}
      id={choiceKey(option.value)}
      className="ui-option"
      textValue={option.label}
      data-value={option.value}
    >
      {({ isSelected }) => (
        <>
          <span>{option.label}</span>
          {isSelected ? <Check size={14} aria-hidden="true" /> : null}
        </>
      )}
    </ListBoxItem>
  );
  return (
    <>
      <Button ref={placeTrigger} className="input ui-select-button">
        <SelectValue className="ui-select-value" />
        <ChevronDown size={16} aria-hidden="true" />
      </Button>
      <Popover className="ui-popover" UNSTABLE_portalContainer={portalContainer}>
        <ListBox className="ui-listbox">
          {groups.map((group) =>
            group === undefined ? (
              options.filter((option) => option.group === undefined).map(item)
            ) : (
              <ListBoxSection key={group} id={group} className="ui-listbox-section">
                <Header className="ui-listbox-header">{group}</Header>
                {options.filter((option) => option.group === group).map(item)}
              </ListBoxSection>
            ),
          )}
        </ListBox>
      </Popover>
    </>
  );
}

// react-aria keys cannot be the empty string, which is a real choice here ("the voice's own model", "any").
const EMPTY = '__empty__';
const choiceKey = (value: string): Key => (value === '' ? EMPTY : value);

/** The value an option's key stands for. */
export const choiceValue = (key: Key): string => (key === EMPTY ? '' : String(key));

/** The key of the chosen option, or null (the placeholder shows) when the value is not among them. */
export const selectedKey = (options: readonly SelectChoice[], value: string): Key | null =>
  options.some((option) => option.value === value) ? choiceKey(value) : null;

export const disabledKeys = (options: readonly SelectChoice[]): Key[] =>
  options.filter((option) => option.disabled).map((option) => choiceKey(option.value));
