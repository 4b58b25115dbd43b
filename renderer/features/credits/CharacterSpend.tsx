import { formatCount } from '../../ui/format.ts';
import type { CharacterSpendRow } from './creditsStore.ts';

/** Credits spent per character, most first, each as a labelled bar against the biggest spender. */
export function CharacterSpend({ rows }: { rows: readonly CharacterSpendRow[] }) {
  const most = Math.max(1, ...rows.map((row) => row.credits));
  if (rows.length === 0) return <p className="muted">Nothing spent in this period.</p>;
  return (
    <ul className="character-spend" data-testid="character-spend">
      {rows.map((row) => {
        const name = row.characterId === null ? 'No character (voices, speech)' : (row.name ?? 'A deleted character');
        return (
          <li key={row.characterId ?? 'none'} className="character-spend-row" data-character-id={row.characterId ?? ''}>
            <span className="character-spend-name" title={name}>
              {name}
            </span>
            <span className="character-spend-bar" aria-hidden="true">
              <span style={{ width: `${(row.credits / most) * 100}%` }} />
            </span>
            <span className="character-spend-credits">
              {formatCount(row.credits)}
              <span className="visually-hidden"> {row.credits === 1 ? 'credit' : 'credits'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
