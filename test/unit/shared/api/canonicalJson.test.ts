import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../shared/api/canonicalJson.ts';

describe('canonical JSON', () => {
  it('sorts keys at every level and leaves undefined members out, so equal bodies give equal bytes', () => {
    const a = canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: undefined }, é: true, Z: 0 });
    const b = canonicalJson(JSON.parse('{"é":true,"Z":0,"a":{"d":[3,{"y":"x","z":null}]},"b":1}'));
    expect(a).toBe('{"Z":0,"a":{"d":[3,{"y":"x","z":null}]},"b":1,"é":true}');
    expect(b).toBe(a);
  });

  it('writes what JSON.stringify writes for values and arrays', () => {
    const value = { text: 'a "quoted" line\n', n: -1.5e-7, big: 1e21, list: [1, 'two', false, null, undefined] };
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson([undefined])).toBe('[null]');
  });

  it('keeps a "__proto__" member of parsed JSON as a member', () => {
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
  });
});
