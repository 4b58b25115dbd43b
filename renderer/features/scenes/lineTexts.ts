import type { LineTextChange } from '../../../shared/ipc/scenes.ts';
import { applyChanges, changesOnto, diffText, MAX_TEXT_CHANGES } from '../../../shared/scenes/textChanges.ts';

/** An edit of one line's words on its way to core: changes against the text core last gave. */
export type OutgoingText = { lineId: string; base: string; changes: LineTextChange[] };

/**
 * Each line's words as core last gave them (the base the editor's typing is sent against) and what
 * is on its way. Core's newer text (another member typed) is laid under what the creator typed and
 * has not sent yet, so neither is lost; while an edit is on its way, the answer to it is the newer
 * text and an event's is passed over. While the creator composes in a line with an input method
 * (Japanese, Chinese…), nothing of it is sent and core's words for it wait: putting text in a box
 * mid-composition would end the composition. They are laid in once it ends.
 */
export class LineTexts {
  private readonly bases = new Map<string, string>();
  private readonly sending = new Map<string, string>();
  /** Lines mid-composition, with core's words that came meanwhile: an answer to an edit, and newer text after it. */
  private readonly composing = new Map<string, { answer?: string; stored?: string }>();

  /** The lines as core gave them on opening a scene. */
  reset(lines: readonly { id: string; text: string }[] = []): void {
    this.bases.clear();
    this.sending.clear();
    this.composing.clear();
    for (const line of lines) this.bases.set(line.id, line.text);
  }

  /** Whether core has the line (its words then go as changes, not with the list). */
  known(lineId: string): boolean {
    return this.bases.has(lineId);
  }

  seenIds(): string[] {
    return [...this.bases.keys()];
  }

  /** The edit to send for a line showing `shown`, marked as on its way; null when nothing is to send or one is on its way. */
  outgoing(lineId: string, shown: string): OutgoingText | null {
    const base = this.bases.get(lineId);
    if (base === undefined || base === shown || this.sending.has(lineId) || this.composing.has(lineId)) return null;
    this.sending.set(lineId, shown);
    return { lineId, base, changes: diffText(base, shown, MAX_TEXT_CHANGES) };
  }

  /** A new line's words sent with the list. */
  sentWithList(lineId: string, text: string): void {
    this.sending.set(lineId, text);
  }

  /** Core's answer to what was sent: the text to show, what was typed since laid over it. */
  answered(lineId: string, confirmed: string, shown: string | undefined): string {
    const held = this.composing.get(lineId);
    if (held && shown !== undefined) {
      // The newest of core's words now: what came before it is in it.
      this.composing.set(lineId, { answer: confirmed });
      return shown;
    }
    const sent = this.sending.get(lineId);
    this.sending.delete(lineId);
    this.bases.set(lineId, confirmed);
    if (shown === undefined || sent === undefined || shown === sent) return confirmed;
    return applyChanges(confirmed, changesOnto(confirmed, sent, diffText(sent, shown)));
  }

  /** Sending failed: the words stay as shown, to be sent again; `gone`: the line is no longer in the scene. */
  failed(lineId: string, gone: boolean): void {
    this.sending.delete(lineId);
    if (gone) this.bases.delete(lineId);
  }

  /** Core's text from an event (or an answer about the whole scene): the text to show. */
  incoming(lineId: string, stored: string, shown: string | undefined): string {
    const held = this.composing.get(lineId);
    if (held && shown !== undefined) {
      this.composing.set(lineId, { ...held, stored });
      return shown;
    }
    if (this.sending.has(lineId)) return shown ?? stored;
    const base = this.bases.get(lineId);
    this.bases.set(lineId, stored);
    if (shown === undefined || base === undefined) return shown ?? stored;
    if (shown === base) return stored;
    return applyChanges(stored, changesOnto(stored, base, diffText(base, shown)));
  }

  /** Lines no longer in the scene. */
  keepOnly(lineIds: ReadonlySet<string>): void {
    for (const id of this.bases.keys()) if (!lineIds.has(id)) this.bases.delete(id);
    for (const id of this.composing.keys()) if (!lineIds.has(id)) this.composing.delete(id);
  }

  /** A composition began in the line's box. */
  compose(lineId: string): void {
    if (!this.composing.has(lineId)) this.composing.set(lineId, {});
  }

  /** The composition ended with `shown` in the box: the text to show, core's words that waited laid under it. */
  composed(lineId: string, shown: string): string {
    const held = this.composing.get(lineId);
    this.composing.delete(lineId);
    let text = shown;
    if (held?.answer !== undefined) text = this.answered(lineId, held.answer, text);
    if (held?.stored !== undefined) text = this.incoming(lineId, held.stored, text);
    return text;
  }
}
