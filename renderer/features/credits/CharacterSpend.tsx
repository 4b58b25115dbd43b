import { useIntl } from 'react-intl';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import type { CharacterSpendRow } from './creditsStore.ts';

/** Credits spent per character, most first, each as a labelled bar against the biggest spender. */
export function CharacterSpend({ rows }: { rows: readonly CharacterSpendRow[] }) {
  const intl = useIntl();
  const formats = useFormats();
  const most = Math.max(1, ...rows.map((row) => row.credits));
  if (rows.length === 0) return <p className="muted">{intl.formatMessage({ id: 'credits.perCharacter.none' })}</p>;
  return (
    <ul className="character-spend" data-testid="character-spend">
      {rows.map((row) => {
        const name =
          row.characterId === null
            ? intl.formatMessage({ id: 'credits.perCharacter.noCharacter' })
            : (row.name ?? intl.formatMessage({ id: 'credits.perCharacter.deleted' }));
        return (
          <li key={row.characterId ?? 'none'} className="character-spend-row" data-character-id={row.characterId ?? ''}>
            <span className="character-spend-name" title={name}>
              <bdi>{name}</bdi>
            </span>
            <span className="character-spend-bar" aria-hidden="true">
              <span style={{ width: `${(row.credits / most) * 100}%` }} />
            </span>
            <span className="character-spend-credits">
              {formats.number(row.credits)}
              <span className="visually-hidden"> {intl.formatMessage({ id: 'queue.summary.credits' }, { count: row.credits })}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
