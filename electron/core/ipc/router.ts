import { z } from 'zod';
import {
  appError,
  commands,
  events,
  type AppError,
  type AppErrorParams,
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
  private readonly guards: ((command: CommandName) => void | Promise<void>)[] = [];

  register<C extends CommandName>(command: C, handler: Handler<C>): void {
    if (this.handlers.has(command)) throw new Error(`A handler for ${command} is already registered.`);
    this.handlers.set(command, async (input) => handler(input as z.infer<(typeof commands)[C]['input']>));
  }

  /** Runs before the handler of every valid command; a guard refuses one by throwing an AppFailure, or holds it while it waits. */
  guard(check: (command: CommandName) => void | Promise<void>): void {
    this.guards.push(check);
  }

  registered(): CommandName[] {
    return [...this.handlers.keys()];
  }

  async handle(command: string, input: unknown): Promise<Reply<unknown>> {
    if (!Object.hasOwn(commands, command)) {
      return fail(appError('unknown_command', {}));
    }
    const name = command as CommandName;
    const handler = this.handlers.get(name);
    if (!handler) return fail(appError('not_available', { what: 'command' }));
    const shapeProblem = inputShapeProblem(input);
    if (shapeProblem) return fail(appError('invalid_input', shapeProblem));
    const parsed = commands[name].input.safeParse(input ?? {});
    if (!parsed.success) return fail(invalidInput(parsed.error));
    try {
      for (const check of this.guards) await check(name);
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
    if (!checked.success) throw new AppFailure('internal_error', {}, { log: `The ${event} event did not match its contract.` });
    for (const sink of this.sinks) sink(event, checked.data);
  }
}

/** No command's input nests deeper than a few levels; anything past this is refused before parsing. */
export const MAX_INPUT_DEPTH = 32;
/** Objects and arrays one input may hold, counted through shared references too. */
export const MAX_INPUT_CONTAINERS = 100_000;

/**
 * Refuses an input nested deeper than MAX_INPUT_DEPTH (or holding more than MAX_INPUT_CONTAINERS
 * objects and arrays) before the schema walks it: a deep or self-referencing value from a transport
 * would otherwise cost the parser its stack or unbounded time. Walks without recursion.
 */
export function inputShapeProblem(input: unknown): AppErrorParams['invalid_input'] | null {
  const stack: [unknown, number][] = [[input, 0]];
  let containers = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { problem: 'too_deep', limit: MAX_INPUT_DEPTH };
    containers += 1;
    if (containers > MAX_INPUT_CONTAINERS) return { problem: 'too_many_values', limit: MAX_INPUT_CONTAINERS };
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) continue;
    const children: unknown[] = Array.isArray(value)
      ? value
      : value instanceof Map
        ? [...value.keys(), ...value.values()]
        : value instanceof Set
          ? [...value]
          : Object.values(value);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return null;
}

function fail(error: AppError): Reply<never> {
  return { ok: false, error };
}
