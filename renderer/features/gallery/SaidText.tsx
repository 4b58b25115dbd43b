import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/catalogs.ts';

/** A catalog message and its values, kept by a store and put into words where it is shown. */
export type Words = { id: MessageId; values?: Readonly<Record<string, string | number>> };

/**
 * What a store has to say: its messages (in the language shown when they are drawn, so a change
 * of language reaches them too), or a sentence already made elsewhere (an error's, from core).
 */
export type Said = string | Words | readonly Words[];

/** Values that are text a person wrote or named: isolated, so an English title reads right in Arabic. */
const PERSON_TEXT = new Set(['name', 'title', 'folder']);

/** A store's message drawn in the studio's language; several are one sentence after another. */
export function SaidText({ said }: { said: Said }) {
  const intl = useIntl();
  if (typeof said === 'string') return <>{said}</>;
  const list: readonly Words[] = Array.isArray(said) ? said : [said as Words];
  return (
    <>
      {list.map((words, at) => (
        <Fragment key={at}>
          {at > 0 ? ' ' : null}
          {intl.formatMessage({ id: words.id }, isolated(words.values))}
        </Fragment>
      ))}
    </>
  );
}

function isolated(values: Words['values']): Record<string, ReactNode> {
  const out: Record<string, ReactNode> = {};
  for (const [key, value] of Object.entries(values ?? {}))
    out[key] = PERSON_TEXT.has(key) && typeof value === 'string' ? <bdi key={key}>{value}</bdi> : value;
  return out;
}
