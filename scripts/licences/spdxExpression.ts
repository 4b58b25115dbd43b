// SPDX licence expressions (`MIT`, `(MIT OR CC0-1.0)`, `MIT AND CC-BY-4.0`, `GPL-2.0+`,
// `Apache-2.0 WITH LLVM-exception`): parsed by spdx-expression-parse, judged here.
import parse from 'spdx-expression-parse';

export type LicenceExpression = parse.Info;

/** The expression as a tree, or a sentence saying why it is not an SPDX expression. */
export function parseLicence(text: string): { ok: true; expression: LicenceExpression } | { ok: false; reason: string } {
  try {
    return { ok: true, expression: parse(text) };
  } catch {
    return { ok: false, reason: `"${text}", which is not an SPDX licence expression` };
  }
}

function isConjunction(expression: LicenceExpression): expression is parse.ConjunctionInfo {
  return 'conjunction' in expression;
}

/**
 * Whether the terms can be met with licences `allows` accepts: an OR needs one side, an AND both.
 * `GPL-2.0+` is judged as `GPL-2.0`; an exception (`WITH`) only grants more, so the base licence decides.
 */
export function satisfies(expression: LicenceExpression, allows: (id: string) => boolean): boolean {
  if (!isConjunction(expression)) return allows(expression.license);
  const left = satisfies(expression.left, allows);
  const right = satisfies(expression.right, allows);
  return expression.conjunction === 'or' ? left || right : left && right;
}

/**
 * The licences whose terms the app follows: both sides of an AND, and of an OR the first side
 * `allows` accepts (the left one when neither is, so nothing is dropped silently).
 */
export function licencesFollowed(expression: LicenceExpression, allows: (id: string) => boolean): string[] {
  if (!isConjunction(expression)) return [expression.license];
  if (expression.conjunction === 'and') {
    return [...licencesFollowed(expression.left, allows), ...licencesFollowed(expression.right, allows)];
  }
  if (satisfies(expression.left, allows)) return licencesFollowed(expression.left, allows);
  if (satisfies(expression.right, allows)) return licencesFollowed(expression.right, allows);
  return licencesFollowed(expression.left, allows);
}

/** Every licence the expression names, each once, in order. */
export function licencesNamed(expression: LicenceExpression): string[] {
  if (!isConjunction(expression)) return [expression.license];
  return [...new Set([...licencesNamed(expression.left), ...licencesNamed(expression.right)])];
}
