/**
 * The IPC fuzz's valid inputs (test/fuzz/support/ipcExamples.ts) are what each command's schema
 * accepts: an example that drifted from its schema would only test the refusal path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commands, type CommandName } from '../../../shared/ipc/index.ts';
import { validInputs } from '../../fuzz/support/ipcExamples.ts';

const scratch = '/tmp/cast-ipc-fuzz-scratch';
const known = { sceneIds: ['scene-known'], lineIds: ['00000000-0000-4000-8000-00000000000a'] };

describe('the IPC fuzz examples', () => {
  const examples = Object.entries(validInputs(scratch, known)) as [CommandName, fc.Arbitrary<unknown>][];

  it.each(examples.map(([command]) => [command]))('%s: every example passes its input schema', (command) => {
    const arbitrary = validInputs(scratch, known)[command] as fc.Arbitrary<unknown>;
    const refused = fc
      .sample(arbitrary, { numRuns: 50, seed: 20_261_121 })
      .map((input) => ({ input, result: commands[command].input.safeParse(input) }))
      .filter(({ result }) => !result.success)
      .map(
        ({ input, result }) =>
          `${JSON.stringify(input).slice(0, 200)}: ${(result.error?.issues ?? []).map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
    expect(refused).toEqual([]);
  });

  it('names only commands that exist', () => {
    expect(examples.map(([command]) => command).filter((command) => !(command in commands))).toEqual([]);
  });
});
