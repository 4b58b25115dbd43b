import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { useDescribeError } from '../errors/errorMessages.ts';
import { isAppError, valuesOf, wordsList, type Said } from '../errors/said.ts';
import { useFormats } from '../i18n/LanguageProvider.tsx';

export type { Said, Words } from '../errors/said.ts';

/** A store's message drawn in the studio's language; several are one sentence after another. */
export function SaidText({ said }: { said: Said }) {
  const intl = useIntl();
  const formats = useFormats();
  const describe = useDescribeError();
  if (typeof said === 'string') return <>{said}</>;
  if (isAppError(said)) return <>{describe(said)}</>;
  return (
    <>
      {wordsList(said).map((words, at) => (
        <Fragment key={at}>
          {at > 0 ? ' ' : null}
          {intl.formatMessage(
            { id: words.id },
            valuesOf(words.values, formats, (text, key) => <bdi key={key}>{text}</bdi>),
          )}
        </Fragment>
      ))}
    </>
  );
}
