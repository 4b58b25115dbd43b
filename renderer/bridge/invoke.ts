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
      error: {
        code: 'connection_lost',
        message: 'Cast Studio lost its link to the app core. Reload the window; your queued work is kept.',
      },
    };
  }
}

/** Events that came before anything listened for them, by name, until the first listener takes them. */
const held = new Map<string, { payloads: unknown[]; stop: () => void }>();
/** Kept of each event held; the oldest go first. */
const HELD_MAX = 200;

/**
 * Keeps these events from now until something listens for them, then hands them to the first
 * listener, in order, before any later one. The page's first script asks core its first questions
 * well before the app's code has run and subscribed (app/earlyStart.ts); an event sent meanwhile
 * would otherwise reach nobody, and an answer read before it would stand as if it had not happened.
 */
export function holdEvents(events: readonly EventName[]): void {
  for (const event of events) {
    if (held.has(event)) continue;
    const payloads: unknown[] = [];
    const stop = bridge().on(event, (payload) => {
      payloads.push(payload);
      if (payloads.length > HELD_MAX) payloads.shift();
    });
    held.set(event, { payloads, stop });
  }
}

/** Only app/bridgeEvents.ts subscribes: it is the one place events become state. */
export function listen<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
  const off = bridge().on(event, handler);
  const early = held.get(event);
  if (early) {
    held.delete(event);
    early.stop();
    for (const payload of early.payloads) handler(payload as EventPayload<E>);
  }
  return off;
}
