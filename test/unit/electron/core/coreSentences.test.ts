import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Core speaks codes, not sentences: the page words what core tells it, in the person's language.
 * This counts the literals in `electron/core` that still read as a sentence for a person and fails
 * when there are more than the bound, so the count can only go down.
 *
 * A literal reads as a sentence when it has at least three words and starts with a capital letter
 * or ends in `.`, `!`, `?` or `…` (a template's substitutions count as words). SQL text (a
 * statement, or a clause with its `?` parameter) does not.
 *
 * Not counted, because no person reads them on the page:
 * - arguments of a log call (`log.info/warn/error/debug`, `console.*`): they go to the log file;
 * - an object's `log:` property (`new AppFailure(code, params, { log })`): the log's words of a
 *   failure whose code the page words;
 * - the message of `new …Error(…)`: the router answers any error that is not an AppFailure as
 *   `internal_error` (electron/core/ipc/appFailure.ts `toAppError`), so such a message reaches only
 *   the log. Where core hands an error's message to the page in a payload field, that message is a
 *   sentence for a person and must not be thrown as an Error's message: give it a code instead
 *   (a library written by a newer Cast Studio is `NewerLibraryError`, worded by the page). An Error
 *   class whose constructor writes its own message (`super('…')`) is made to carry a sentence, so
 *   that sentence counts;
 * - the API client's table of English for a `ServiceError` (`electron/core/api/serviceError.ts`):
 *   it is the log's wording; the page is told the error's code and the
 *   service's own words (`serviceAppError`), never this message;
 * - comments (the scanner reads the syntax tree, where comments are not literals), module names
 *   of imports and exports, and literal types.
 */

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** Files whose literals are the log's words only (see the rule above). */
const LOG_ONLY = new Set([
  'electron/core/api/serviceError.ts',
  // The diagnostics report is a support document for whoever reads the bug report, in English as
  // the log lines it quotes (recent errors, a crash's stack); the page words everything around it
  // and shows the report itself only as text to copy, marked as English (CopyDiagnostics.tsx).
  'electron/core/app/diagnostics.ts',
]);

/**
 * None may remain: a sentence for a person added to core fails this test, which lists it. Give it
 * a code the page words (an AppError, or a field the page turns into words); if only the log reads
 * it, say it in the log call or the failure's `log`.
 */
const MOST = 0;

const LOG_CALL = /(^|\.)log\.(info|warn|error|debug)$|^console\.\w+$/;
const SQL =
  /^(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH|ROLLBACK|RELEASE|SAVEPOINT)\b|\b(SELECT|WHERE|FROM|AND|OR)\b.*(\?|'\w+')\)?$/;

type Sentence = { file: string; line: number; text: string };

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sourceFiles(child));
    else if (/\.(ts|mts|cts)$/.test(entry.name) && !/\.(d|test)\.ts$/.test(entry.name) && !LOG_ONLY.has(child)) found.push(child);
  }
  return found.sort();
}

/** Whether `text` reads as a sentence for a person (see the rule above). */
function readsAsSentence(text: string): boolean {
  const said = text.trim();
  const words = said.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length < 3 || SQL.test(said)) return false;
  return /^\p{Lu}/u.test(said) || /[.!?…]['")\]”’]?$/.test(said);
}

/** Whether the literal `node` is in a place whose words never reach the page (see the rule above). */
function notForThePage(node: ts.Node, source: ts.SourceFile): boolean {
  for (let child = node; child.parent; child = child.parent) {
    const parent = child.parent;
    if (ts.isCallExpression(parent) && parent.arguments.includes(child as ts.Expression)) {
      if (LOG_CALL.test(parent.expression.getText(source))) return true;
    }
    if (ts.isNewExpression(parent) && parent.arguments?.includes(child as ts.Expression)) {
      if (/Error$/.test(parent.expression.getText(source))) return true;
    }
    if (ts.isPropertyAssignment(parent) && parent.initializer === child && parent.name.getText(source) === 'log') return true;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false;
  }
  return false;
}

/** Every literal of `file` (a path under `root`) that reads as a sentence for a person. */
function sentencesIn(file: string, text: string = readFileSync(path.join(root, file), 'utf8')): Sentence[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Sentence[] = [];
  const visit = (node: ts.Node): void => {
    let said: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) said = node.text;
    else if (ts.isTemplateExpression(node)) said = node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');
    if (said === null) {
      node.forEachChild(visit);
      return;
    }
    if (readsAsSentence(said) && !notForThePage(node, source)) {
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: said });
    }
  };
  visit(source);
  return found;
}

describe('sentences in core', () => {
  it(`leaves at most ${MOST} literals in electron/core that read as sentences for a person`, () => {
    const sentences = sourceFiles('electron/core').flatMap((file) => sentencesIn(file));
    console.log(
      `${sentences.length} sentence literals in electron/core:\n${sentences.map((s) => `${s.file}:${s.line}: ${s.text}`).join('\n')}`,
    );
    expect(sentences.length).toBeLessThanOrEqual(MOST);
  });

  it('counts a sentence for the page or an Error class, not a log line, a thrown Error, a log option, SQL or a code', () => {
    const planted = [
      "const shown = 'The library could not be read. Try again.';",
      'const told = `Connected as ${name}.`;',
      "log.warn('The disk is full: downloads wait.');",
      "this.deps.log.error('The sandbox did not start.', { error });",
      "throw new Error('This library was written by a newer Cast Studio.');",
      "throw new AppFailure('no_connection', {}, { log: 'No connection is active now.' });",
      "const sql = 'SELECT id FROM jobs WHERE state = ?';",
      'const clause = `i.id IN (SELECT item_id FROM collection_items WHERE collection_id = ?)`;',
      "class InUse extends Error { constructor() { super('Another Cast Studio is using this folder.'); } }",
      "const code = 'key_refused';",
      '// A comment is not a literal. It says why.',
      "import { a } from './Some Module.ts';",
    ].join('\n');
    expect(sentencesIn('planted.ts', planted).map((s) => s.text)).toEqual([
      'The library could not be read. Try again.',
      'Connected as x.',
      'Another Cast Studio is using this folder.',
    ]);
  });
});
