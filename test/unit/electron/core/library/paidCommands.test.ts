import { describe, expect, it } from 'vitest';
import { commands, Job, type CommandName } from '../../../../../shared/ipc/index.ts';
import { PAID_COMMANDS } from '../../../../../electron/core/library/libraryHealth.ts';

describe('the paid commands a damaged library refuses', () => {
  it('are every command that answers a new job (cancelling one, or deciding what became of one in doubt, is not new work)', () => {
    const notNewWork = new Set<CommandName>(['jobs.cancel', 'jobs.decide']);
    const answeringJobs = (Object.keys(commands) as CommandName[]).filter((name) => commands[name].output === Job && !notNewWork.has(name));
    expect([...PAID_COMMANDS].sort()).toEqual(answeringJobs.sort());
  });
});
