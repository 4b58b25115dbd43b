/**
 * An editor's ordered list of lines laid over the scene's list as it is now, when others may have
 * changed it since the editor last had it (`seen`: the ids the editor's list was made from). The
 * editor's order and removals win for the lines it saw; a seen line the scene no longer has was
 * removed elsewhere and stays gone; a line the editor never saw came from elsewhere and is kept,
 * after the line it follows in the scene. No line anyone added is lost.
 */
export function mergeLineList<T extends { id: string }>(mine: readonly T[], theirs: readonly T[], seen: ReadonlySet<string>): T[] {
  const inTheirs = new Set(theirs.map((line) => line.id));
  const out = mine.filter((line) => !seen.has(line.id) || inTheirs.has(line.id));
  const placed = new Set(out.map((line) => line.id));
  theirs.forEach((line, index) => {
    if (seen.has(line.id) || placed.has(line.id)) return;
    const before = theirs[index - 1];
    const at = before ? out.findIndex((each) => each.id === before.id) + 1 : 0;
    out.splice(at, 0, line);
    placed.add(line.id);
  });
  return out;
}
