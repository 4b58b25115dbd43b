import type { AppError } from './appErrors.ts';
import type { CommandInput, CommandName, CommandOutput } from './commands.ts';
import type { EventName, EventPayload } from './events.ts';

/** Bumped whenever a command or event changes shape; both ends check it at connection time. */
export const IPC_VERSION = 1;

/** Replies never throw across processes. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** The one bridge the renderer sees, over Electron IPC or the browser host's WebSocket alike. */
export interface Bridge {
  invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<Reply<CommandOutput<C>>>;
  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void;
}

/** Messages of the WebSocket transport (browser host); Electron uses its own channels. */
export type WireRequest = { type: 'invoke'; id: number; command: string; input: unknown };
export type WireMessage = { type: 'reply'; id: number; reply: Reply<unknown> } | { type: 'event'; event: string; payload: unknown };

/** Electron channel names: one for invokes, one for events. */
export const IPC_INVOKE_CHANNEL = 'cast:invoke';
export const IPC_EVENT_CHANNEL = 'cast:event';
