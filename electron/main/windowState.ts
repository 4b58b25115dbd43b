export type Rect = { x: number; y: number; width: number; height: number };
export type WindowState = Rect & { maximized: boolean };

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 };
/** How much of a saved window must still be on a screen for the position to be kept. */
const VISIBLE = { width: 120, height: 60 };

/**
 * Where to open the window: the saved bounds when enough of them is still on one of the screens
 * (a monitor may have gone since), the saved size centred otherwise, the default size with nothing
 * saved. The preference file is user-editable, so the saved value is checked, not trusted.
 */
export function restoreWindowState(
  saved: unknown,
  workAreas: Rect[],
): Partial<Rect> & { width: number; height: number; maximized: boolean } {
  if (!isWindowState(saved)) return { ...DEFAULT_SIZE, maximized: false };
  const largest = workAreas.reduce(
    (a, b) => (b.width * b.height > a.width * a.height ? b : a),
    workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE },
  );
  const width = clamp(saved.width, MIN_SIZE.width, Math.max(MIN_SIZE.width, largest.width));
  const height = clamp(saved.height, MIN_SIZE.height, Math.max(MIN_SIZE.height, largest.height));
  const onScreen = workAreas.some((area) => overlap(area, { x: saved.x, y: saved.y, width, height }));
  return onScreen ? { x: saved.x, y: saved.y, width, height, maximized: saved.maximized } : { width, height, maximized: saved.maximized };
}

function isWindowState(value: unknown): value is WindowState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((k) => Number.isFinite(v[k])) && typeof v.maximized === 'boolean';
}

function overlap(a: Rect, b: Rect): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w >= VISIBLE.width && h >= VISIBLE.height;
}

function clamp(value: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, value)));
}
