import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storedJson } from '../../../../../electron/core/library/storedJson.ts';

const Detail = z.object({ field: z.string() });

describe('a value a row keeps as JSON', () => {
  it('reads as the schema says when it is of that shape', () => {
    expect(storedJson('{"field":"title"}', Detail)).toEqual({ field: 'title' });
  });

  it('is null, for the caller to fall back, when absent, a sentence, broken or of another shape', () => {
    expect(storedJson(null, Detail)).toBeNull();
    expect(storedJson('The download failed.', Detail)).toBeNull();
    expect(storedJson('{"field":', Detail)).toBeNull();
    expect(storedJson('{"field":3}', Detail)).toBeNull();
    expect(storedJson('["title"]', z.array(z.string()))).toBeNull();
  });
});
