export * from './appErrors.ts';
export * from './bridge.ts';
export * from './commands.ts';
export * from './events.ts';
export * from './models.ts';
export * from './scenes.ts';
export * from './spaces.ts';
export * from './updates.ts';
