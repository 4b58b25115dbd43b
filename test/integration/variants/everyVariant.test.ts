import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIANT_NAMES } from '../../../electron/sandbox/variants/registry.ts';

describe('the core integration suite runs against every service variant', () => {
  it.each(VARIANT_NAMES)('%s has its own run', (name) => {
    expect(existsSync(new URL(`./${name}.test.ts`, import.meta.url)), `test/integration/variants/${name}.test.ts`).toBe(true);
  });
});
