import type { AppError, CommandInput, CommandName, CommandOutput, Reply } from '../../shared/ipc/index.ts';
import { getBridge } from './getBridge.ts';

/** A refused command, as a throwable for code that prefers try/catch to reading a Reply. */
export class CommandFailure extends Error {
  readonly error: AppError;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'CommandFailure';
    this.error = error;
  }
}

/** Typed invoke through the page's bridge; the Reply is never thrown. */
export function invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<Reply<CommandOutput<C>>> {
  return getBridge().invoke(command, input);
}

/** Typed invoke that returns the value or throws a CommandFailure carrying the AppError. */
export async function invokeValue<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const reply = await invoke(command, input);
  if (!reply.ok) throw new CommandFailure(reply.error);
  return reply.value;
}
