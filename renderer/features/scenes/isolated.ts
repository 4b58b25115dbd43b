/**
 * Text a person wrote (a name, a title), isolated from the sentence around it with Unicode's
 * first-strong isolate: an English title in an Arabic sentence keeps its own direction. For plain
 * strings only (an option's label, a dialog's title); in markup, `<bdi>` does the same.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
