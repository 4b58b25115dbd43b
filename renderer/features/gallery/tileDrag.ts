/**
 * Tiles dragged inside the gallery, onto a collection or a character in the sidebar. The ids travel
 * in the drag under their own type; they are also kept here for the length of the drag, because the
 * desktop shell starts a native file drag (shell.startDrag) whose data the sidebar cannot read.
 */
export const CAST_ITEMS_MIME = 'application/x-cast-items';

let dragging: readonly string[] = [];

/** Marks the ids being dragged (the whole selection when the dragged tile is part of it). */
export function beginTileDrag(transfer: DataTransfer | null, ids: readonly string[]): void {
  dragging = ids;
  transfer?.setData(CAST_ITEMS_MIME, JSON.stringify(ids));
}

export function endTileDrag(): void {
  dragging = [];
}

/** Whether a drag over the sidebar carries tiles. */
export function carriesTiles(transfer: DataTransfer | null): boolean {
  return dragging.length > 0 || (transfer?.types.includes(CAST_ITEMS_MIME) ?? false);
}

/** The ids a drop carries: from the drag's data, else those this window started dragging. */
export function droppedTileIds(transfer: DataTransfer | null): string[] {
  const raw = transfer?.getData(CAST_ITEMS_MIME);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return parsed.filter((each): each is string => typeof each === 'string');
    } catch {
      // Not ours: fall back to what this window dragged.
    }
  }
  return [...dragging];
}
