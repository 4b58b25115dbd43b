import type { Reply, SceneExportFormat, SceneExportResult } from '../../../../shared/ipc/index.ts';
import { StudioPage } from '../../support/index.ts';
import { buildSceneExportHarness, HARNESS_PATH } from '../harness/buildHarness.ts';

export type HarnessOutcome = {
  reply: Reply<SceneExportResult>;
  progress: { stage: string; progress: number }[];
  seconds: number;
};

type Harness = {
  run(request: { sceneId: string; formats: SceneExportFormat[]; destination?: string; cancelAt?: number }): Promise<HarnessOutcome>;
  playToEnd(url: string): Promise<{ duration: number; ended: boolean }>;
};

/**
 * The scene export as the renderer runs it (bridge, worker, WebCodecs), on a harness page the
 * browser host serves beside the app: the page opens the studio first (its session), then the
 * harness in the same tab.
 */
export class SceneExportPage extends StudioPage {
  static async build(rendererDir: string): Promise<void> {
    await buildSceneExportHarness(rendererDir);
  }

  async openHarness(): Promise<void> {
    await this.page.goto(new URL(HARNESS_PATH, this.page.url()).href);
    await this.page.locator('html[data-harness-ready="true"]').waitFor({ state: 'attached' });
  }

  exportScene(
    sceneId: string,
    formats: SceneExportFormat[],
    options: { destination?: string; cancelAt?: number } = {},
  ): Promise<HarnessOutcome> {
    return this.page.evaluate((request) => (window as unknown as { sceneExportHarness: Harness }).sceneExportHarness.run(request), {
      sceneId,
      formats,
      ...options,
    });
  }

  /** Plays a library file in a <video> to its `ended` event; its duration in seconds. */
  playToEnd(url: string): Promise<{ duration: number; ended: boolean }> {
    return this.page.evaluate((src) => (window as unknown as { sceneExportHarness: Harness }).sceneExportHarness.playToEnd(src), url);
  }
}
