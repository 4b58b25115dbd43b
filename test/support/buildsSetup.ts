import { ensureRendererBuilt } from './builds.ts';

/**
 * Global setup of the projects whose files serve the renderer: builds it once, before any of their
 * files starts, so two files running at once never build into the same folder together.
 */
export default function setup(): void {
  ensureRendererBuilt();
}
