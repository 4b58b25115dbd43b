import type { Bridge, CommandInput, CommandName, CommandOutput, EventName, EventPayload, Reply } from '../../shared/ipc/index.ts';
import { getBridge } from './getBridge.ts';

/**
 * The renderer's one door to core. Every command answers a Reply and never throws: a transport
 * failure (a closed socket, a dead main process) becomes an ordinary error reply, so a caller reads
 * `reply.ok` and, when it is false, shows `describeError(reply.error)` (errors/errorMessages.ts).
 */
let override: Bridge | null = null;

/** Tests hand in a bridge of their own; `null` goes back to the real one. */
export function setBridgeForTests(bridge: Bridge | null): void {
  override = bridge;
}

function bridge(): Bridge {
  return override ?? getBridge();
}

export async function invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<Reply<CommandOutput<C>>> {
  try {
    return await bridge().invoke(command, input);
  } catch {
    return {
      ok: false,
      error: { code: 'connection_lost', params: { when: 'core' } },
    };
  }
}

/** Only app/bridgeEvents.ts subscribes: it is the one place events become state. */
export function listen<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
  return bridge().on(event, handler);
}
