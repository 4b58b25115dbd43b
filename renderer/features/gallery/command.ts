import type { AppError, CommandInput, CommandName, CommandOutput } from '../../../shared/ipc/index.ts';
import { describeError } from '../../errors/errorMessages.ts';
import { invoke } from '../../stores/bridgeClient.ts';

/** A refused command, carrying core's AppError. */
export class CommandError extends Error {
  readonly error: AppError;
  constructor(error: AppError) {
    super(describeError(error));
    this.name = 'CommandError';
    this.error = error;
  }
}

/**
 * Invokes a command through the stores' bridge client and unwraps its Reply, so the actions of the
 * library screens (gallery, voices, credits, queue, settings) read as straight lines and catch once.
 */
export async function command<C extends CommandName>(name: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const reply = await invoke(name, input);
  if (!reply.ok) throw new CommandError(reply.error);
  return reply.value;
}

/** The sentence to show a person for anything an action threw (STYLE 12). */
export function messageOf(error: unknown): string {
  if (error instanceof CommandError) return error.message;
  return describeError({ code: 'internal_error', message: error instanceof Error ? error.message : '' });
}
