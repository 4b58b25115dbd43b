/** Places and moods that seeded libraries (e2e and benchmarks) build their prompts from. */
const PLACES = ['harbor', 'forest', 'desert', 'city', 'studio', 'castle', 'market', 'library', 'canyon', 'garden'];
const MOODS = ['at dusk', 'in the rain', 'under neon light', 'at noon', 'in fog', 'by candlelight'];

/** The `index`th seeded prompt for `name`, varied by place and mood; `word` (a rare search word) is mixed in when given. */
export function seedPrompt(name: string, index: number, word?: string): string {
  const place = PLACES[index % PLACES.length] ?? 'harbor';
  const mood = MOODS[(index * 7) % MOODS.length] ?? 'at dusk';
  return `${name} in a ${place} ${mood}${word ? ` with an ${word} overhead` : ''}`;
}
