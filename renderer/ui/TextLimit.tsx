import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Field, TextArea } from './Field.tsx';
import { tooLongMessage } from './format.ts';

/** How much of the excess is quoted under the field; the rest is counted, never dropped unsaid. */
const QUOTED_EXCESS = 160;

/** The text past the limit, marked, under the field it belongs to. */
export function ExcessText({ text, max }: { text: string; max: number }) {
  const intl = useIntl();
  if (text.length <= max) return null;
  const excess = text.slice(max);
  const quoted = excess.slice(0, QUOTED_EXCESS);
  const rest = excess.length - quoted.length;
  return (
    <p className="field-excess" data-excess={excess.length}>
      {intl.formatMessage({ id: 'ui.limit.past' })} <mark>{quoted}</mark>
      {rest > 0 ? ` ${intl.formatMessage({ id: 'ui.limit.more' }, { count: rest })}` : null}
    </p>
  );
}

type LimitedTextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'maxLength'> & {
  label: ReactNode;
  /** The text's name in the sentence about its length: "A prompt", "Speech text". */
  what: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  min?: number;
  hint?: ReactNode;
  /** Another problem with the value; the length comes first. */
  error?: string | null;
  required?: boolean;
  className?: string;
};

/**
 * A text area with a length limit that never cuts the text: it counts as you type, marks what runs
 * past the limit and says how much to remove. The form refuses to submit with the same sentence
 * (tooLongMessage), so the limit is the service's, not the keyboard's.
 */
export function LimitedTextArea({
  label,
  what,
  value,
  onChange,
  max,
  min,
  hint,
  error,
  required,
  className,
  ...rest
}: LimitedTextAreaProps) {
  const tooLong = tooLongMessage(what, value.length, max);
  return (
    <Field
      label={label}
      hint={hint}
      required={required}
      className={className}
      counter={{ length: value.length, max, ...(min !== undefined ? { min } : {}) }}
      error={tooLong ?? error ?? null}
    >
      {(control) => (
        <>
          <TextArea {...control} {...rest} value={value} onChange={(event) => onChange(event.target.value)} />
          <ExcessText text={value} max={max} />
        </>
      )}
    </Field>
  );
}
