import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Select as AriaSelect } from 'react-aria-components';
import { formatCount } from './format.ts';
import { choiceValue, disabledKeys, selectedKey, SelectControl, type SelectChoice } from './primitives/Select.tsx';

/** What a control needs to be labelled and described by its field. */
export type ControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
  required: boolean | undefined;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** A sentence about what is wrong with the value; shown under the control. */
  error?: string | null;
  /** Live length counter for text limits. */
  counter?: { length: number; max: number; min?: number };
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled control with an optional hint, counter and error, all wired by id. */
export function Field({ label, hint, error, counter, required, className, children }: FieldProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [errorId, hintId, counterId].filter(Boolean).join(' ') || undefined;
  // Only past the maximum is the counter an alarm; an empty required field says so in its error.
  const over = counter ? counter.length > counter.max : false;
  return (
    <div className={`field ${className ?? ''}`}>
      <div className="field-label-row">
        <label htmlFor={id} id={labelIdOf(id)} className="field-label">
          {label}
          {required ? (
            <span className="field-required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
        {counter ? (
          <span id={counterId} className={`field-counter${over ? ' field-counter-over' : ''}`} data-over={over || undefined}>
            <span className="visually-hidden">{intl.formatMessage({ id: 'ui.field.charactersUsed' })} </span>
            {formatCount(counter.length)} / {formatCount(counter.max)}
          </span>
        ) : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required: required || undefined })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} type="text" {...rest} className={`input ${className ?? ''}`} />;
}

export function TextArea({ className, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} {...rest} className={`input textarea ${className ?? ''}`} />;
}

export type SelectOption = SelectChoice;

type SelectProps = Partial<ControlProps> & {
  value: string;
  options: readonly SelectOption[];
  /** The chosen value, as `event.target.value` like the change event of a native select. */
  onChange: (event: { target: { value: string } }) => void;
  /** Shown while no option is chosen (the value is not among the options). */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'data-field'?: string;
  'data-option'?: string;
};

/**
 * The choice control of a Field: a button named by the field's label that opens a listbox
 * (react-aria's Select). `data-value` holds the chosen value, for tests.
 */
export function Select({ value, options, onChange, placeholder, disabled, className, ...control }: SelectProps) {
  return (
    <AriaSelect
      id={control.id}
      aria-labelledby={control.id ? labelIdOf(control.id) : undefined}
      aria-describedby={control['aria-describedby']}
      isInvalid={control['aria-invalid'] ?? false}
      isRequired={control.required ?? false}
      isDisabled={disabled ?? false}
      // The Field shows the error; the hidden native select takes no part in the form's validation.
      validationBehavior="aria"
      selectedKey={selectedKey(options, value)}
      onSelectionChange={(key) => key !== null && onChange({ target: { value: choiceValue(key) } })}
      disabledKeys={disabledKeys(options)}
      placeholder={placeholder}
      className={`ui-select ${className ?? ''}`}
      data-field={control['data-field']}
      data-option={control['data-option']}
      data-value={value}
    >
      <SelectControl options={options} />
    </AriaSelect>
  );
}

const labelIdOf = (controlId: string) => `${controlId}-label`;

/** A checkbox drawn as a switch; the label is part of the control. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="switch-field">
      <label className="switch" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-label">{label}</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
