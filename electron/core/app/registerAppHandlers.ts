import { IPC_VERSION } from '../../../shared/ipc/index.ts';
import type { CoreContext } from '../coreContext.ts';

export function registerAppHandlers(ctx: CoreContext): void {
  ctx.router.register('app.info', () => ({
    version: ctx.appVersion,
    ipcVersion: IPC_VERSION,
    platform: process.platform,
    mediaBase: ctx.mediaBase,
    host: ctx.host,
  }));
  ctx.router.register('window.focusChanged', (input) => {
    ctx.connections.setFocused(input.focused);
    return { ok: true as const };
  });
}
