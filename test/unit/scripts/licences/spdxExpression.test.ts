import { describe, expect, it } from 'vitest';
import { allowsFor } from '../../../../scripts/licences/licenceCheck.ts';
import { LICENCE_POLICY, sandboxProgramOf } from '../../../../scripts/licences/licencePolicy.ts';
import {
  licencesFollowed,
  licencesNamed,
  parseLicence,
  satisfies,
  type LicenceExpression,
} from '../../../../scripts/licences/spdxExpression.ts';

function expression(text: string): LicenceExpression {
  const parsed = parseLicence(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.expression;
}

const app = allowsFor(LICENCE_POLICY, undefined);
const espeak = allowsFor(LICENCE_POLICY, sandboxProgramOf(LICENCE_POLICY, 'espeak-ng'));
const allowedForApp = (text: string): boolean => satisfies(expression(text), app);

describe('SPDX licence expressions', () => {
  it('refuses what is not an SPDX expression, saying so', () => {
    for (const text of ['GPLv3', 'mit', 'MIT OR', '(MIT', 'See LICENSE file', 'MIT and ISC', '']) {
      expect(parseLicence(text)).toEqual({ ok: false, reason: `"${text}", which is not an SPDX licence expression` });
    }
  });

  it('meets an OR with either side and an AND with both', () => {
    expect(allowedForApp('(MIT OR GPL-3.0-only)')).toBe(true);
    expect(allowedForApp('GPL-3.0-only OR Apache-2.0')).toBe(true);
    expect(allowedForApp('MIT AND CC-BY-4.0')).toBe(true);
    expect(allowedForApp('MIT AND GPL-3.0-only')).toBe(false);
    expect(allowedForApp('GPL-2.0-only OR AGPL-3.0-only')).toBe(false);
  });

  it('binds AND tighter than OR, and follows parentheses', () => {
    // MIT OR (GPL AND LGPL): the MIT side is enough.
    expect(allowedForApp('MIT OR GPL-3.0-only AND LGPL-2.1-only')).toBe(true);
    // (MIT OR GPL) AND LGPL: the LGPL side cannot be avoided.
    expect(allowedForApp('(MIT OR GPL-3.0-only) AND LGPL-2.1-only')).toBe(false);
    expect(allowedForApp('(ISC OR (GPL-2.0-only AND MIT)) AND (BSD-3-Clause OR LGPL-3.0-only)')).toBe(true);
  });

  it('judges an or-later licence by its version and a licence with an exception by the licence', () => {
    expect(expression('GPL-2.0+')).toEqual({ license: 'GPL-2.0', plus: true });
    expect(allowedForApp('GPL-2.0+')).toBe(false);
    expect(satisfies(expression('GPL-2.0+'), espeak)).toBe(true);
    expect(allowedForApp('Apache-2.0 WITH LLVM-exception')).toBe(true);
    expect(allowedForApp('GPL-2.0-only WITH Classpath-exception-2.0')).toBe(false);
  });

  it('gives the sandbox programs the GPL family and nothing else beyond the allow-list', () => {
    expect(satisfies(expression('GPL-3.0-or-later'), espeak)).toBe(true);
    expect(satisfies(expression('LGPL-2.1'), espeak)).toBe(true);
    expect(satisfies(expression('AGPL-3.0-only'), espeak)).toBe(false);
    expect(satisfies(expression('BUSL-1.1'), espeak)).toBe(false);
    expect(allowedForApp('GPL-3.0-or-later')).toBe(false);
  });

  it('follows both sides of an AND and the first allowed side of an OR', () => {
    expect(licencesFollowed(expression('(MIT OR WTFPL)'), app)).toEqual(['MIT']);
    expect(licencesFollowed(expression('GPL-3.0-only OR (BSD-2-Clause AND CC0-1.0)'), app)).toEqual(['BSD-2-Clause', 'CC0-1.0']);
    expect(licencesFollowed(expression('MIT AND OFL-1.1'), app)).toEqual(['MIT', 'OFL-1.1']);
    // Neither side allowed: the left one is kept, so a notice never goes without a licence.
    expect(licencesFollowed(expression('BUSL-1.1 OR SSPL-1.0'), app)).toEqual(['BUSL-1.1']);
    expect(licencesNamed(expression('(MIT OR Apache-2.0) AND (MIT OR ISC)'))).toEqual(['MIT', 'Apache-2.0', 'ISC']);
  });
});
