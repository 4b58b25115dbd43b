import { z } from 'zod';
import {
  commands,
  events,
  type AppError,
  type CommandName,
  type CommandOutput,
  type EventName,
  type EventPayload,
  type Reply,
} from '../../../shared/ipc/index.ts';
import { AppFailure, invalidInput, toAppError } from './appFailure.ts';

type Handler<C extends CommandName> = (input: z.infer<(typeof commands)[C]['input']>) => Promise<CommandOutput<C>> | CommandOutput<C>;
type EventSink = (event: EventName, payload: unknown) => void;

/**
 * Validates every input against shared/ipc, runs the registered handler and answers a Reply.
 * It knows no transport: Electron IPC and the browser host's WebSocket both call `handle`.
 */
export class Router {
  private readonly handlers = new Map<CommandName, (input: unknown) => Promise<unknown>>();
  private readonly sinks = new Set<EventSink>();

  register<C extends CommandName>(command: C, handler: Handler<C>): void {
    if (this.handlers.has(command)) throw new Error(`A handler for ${command} is already registered.`);
    this.handlers.set(command, async (input) => handler(input as z.infer<(typeof commands)[C]['input']>));
  }

  registered(): CommandName[] {
    return [...this.handlers.keys()];
  }

  async handle(command: string, input: unknown): Promise<Reply<unknown>> {
    if (!Object.hasOwn(commands, command)) {
      return fail({ code: 'unknown_command', message: `Cast Studio does not know the command "${String(command).slice(0, 80)}".` });
    }
    const name = command as CommandName;
    const handler = this.handlers.get(name);
    if (!handler) return fail({ code: 'not_available', message: `${name} is not available in this version of Cast Studio.` });
    const parsed = commands[name].input.safeParse(input ?? {});
    if (!parsed.success) return fail(invalidInput(parsed.error));
    try {
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      return fail(toAppError(error));
    }
  }

  /** Subscribes a transport to every event; returns the unsubscribe. */
  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = events[event].safeParse(payload);
    if (!checked.success) throw new AppFailure('internal_error', `The ${event} event did not match its contract.`);
    for (const sink of this.sinks) sink(event, checked.data);
  }
}

function fail(error: AppError): Reply<never> {
  return { ok: false, error };
}
