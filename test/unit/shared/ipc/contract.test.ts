import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  COMMAND_NAMES,
  EVENT_NAMES,
  commands,
  events,
  type Bridge,
  type CommandInput,
  type CommandName,
  type CommandOutput,
  type EventName,
  type EventPayload,
  type Reply,
} from '../../../../shared/ipc/index.ts';

describe('shared/ipc contract', () => {
  it('names commands domain.verb and events domain.happened', () => {
    for (const name of COMMAND_NAMES) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    for (const name of EVENT_NAMES) expect(name).toMatch(/^[a-z]+\.[a-z]+$/);
  });

  it('gives every command an input and an output schema, and every event a payload schema', () => {
    for (const name of COMMAND_NAMES) {
      expect(typeof commands[name].input.safeParse).toBe('function');
      expect(typeof commands[name].output.safeParse).toBe('function');
    }
    for (const name of EVENT_NAMES) expect(typeof events[name].safeParse).toBe('function');
  });

  it('types names and schemas one to one', () => {
    expectTypeOf<CommandName>().toEqualTypeOf<keyof typeof commands>();
    expectTypeOf<EventName>().toEqualTypeOf<keyof typeof events>();
    expectTypeOf<CommandOutput<'jobs.list'>>().toEqualTypeOf<z.infer<(typeof commands)['jobs.list']['output']>>();
    expectTypeOf<CommandInput<'characters.get'>>().toEqualTypeOf<z.input<(typeof commands)['characters.get']['input']>>();
    expectTypeOf<EventPayload<'credits.changed'>>().toEqualTypeOf<{ balance: number }>();
    expectTypeOf<Bridge['invoke']>().returns.resolves.toMatchTypeOf<Reply<unknown>>();
    // @ts-expect-error an unknown command name does not type-check
    expectTypeOf<CommandInput<'characters.fly'>>().toBeNever();
  });

  it('refuses inputs that do not match and keeps replies in the ok/error shape', () => {
    expect(commands['characters.get'].input.safeParse({}).success).toBe(false);
    expect(commands['characters.get'].input.safeParse({ id: 'c1', extra: 1 }).success).toBe(false);
    const reply: Reply<number> = { ok: false, error: { code: 'invalid_input', params: { problem: 'wrong_type' }, field: 'id' } };
    expect(reply.ok).toBe(false);
  });
});
