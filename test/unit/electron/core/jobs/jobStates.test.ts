import { describe, expect, it } from 'vitest';
import { JobState } from '../../../../../shared/ipc/index.ts';
import { JOB_TRANSITIONS, TERMINAL_JOB_STATES, assertTransition, transitionProblem } from '../../../../../electron/core/jobs/jobStates.ts';

describe('job state table', () => {
  it('covers exactly the shared JobState values', () => {
    expect(Object.keys(JOB_TRANSITIONS).sort()).toEqual([...JobState.options].sort());
    for (const targets of Object.values(JOB_TRANSITIONS)) for (const to of Object.keys(targets)) expect(JobState.options).toContain(to);
  });

  it('has no way out of a terminal state', () => {
    for (const state of TERMINAL_JOB_STATES) expect(Object.keys(JOB_TRANSITIONS[state])).toEqual([]);
  });

  it('allows cancelling only what was never sent', () => {
    expect(transitionProblem('queued', 'cancelled', { attempts: 0 })).toBeNull();
    expect(transitionProblem('waiting_connection', 'cancelled', { attempts: 0 })).toBeNull();
    expect(transitionProblem('waiting_connection', 'cancelled', { attempts: 1 })?.refusal).toBe('already_sent');
    expect(transitionProblem('waiting_connection', 'done', { attempts: 0 })?.refusal).toBe('never_sent');
    expect(transitionProblem('done', 'queued', { attempts: 1 })).toEqual({
      refusal: 'not_allowed',
      log: 'A done job cannot become queued.',
    });
    expect(transitionProblem('sending', 'cancelled', { attempts: 1 })).not.toBeNull();
    expect(transitionProblem('processing', 'cancelled', { attempts: 1 })).not.toBeNull();
  });

  it('only reaches processing through sending', () => {
    for (const from of JobState.options) {
      if (from === 'sending') continue;
      expect(() => assertTransition(from, 'processing', { attempts: 1 }), from).toThrow();
    }
  });
});
