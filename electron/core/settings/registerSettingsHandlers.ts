import type { CoreContext } from '../coreContext.ts';

export function registerSettingsHandlers(ctx: CoreContext): void {
  ctx.router.register('settings.get', () => ctx.settings.get());
  ctx.router.register('settings.set', (input) => {
    const before = ctx.settings.get();
    const after = ctx.settings.set(input);
    // Turning downloads on fetches what is already finished.
    if (!before.autoDownload && after.autoDownload) void ctx.connections.session?.syncSoon();
    return after;
  });
}
