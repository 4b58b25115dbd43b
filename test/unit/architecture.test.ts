import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Checks on the shape of the code that no lint rule sees file by file: where SQL may be written,
 * where the resource-kind union is spelled out, and that imports form no circle. Each checker takes
 * the root folder it looks in, so the tests at the bottom can prove it on planted fixtures.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts)$/;
const SQL = /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE TABLE)\b/;
const RESOURCE_KINDS = ['character', 'generation', 'voice', 'audio'] as const;
const KIND_UNION_HOME = 'shared/api/common.ts';

/** Source files under `dir` of `rootDir`, as paths from `rootDir` with forward slashes. */
function sourceFiles(rootDir: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(rootDir, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(child);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

function parse(rootDir: string, file: string): ts.SourceFile {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(path.join(rootDir, file), 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

function forEachNode(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => forEachNode(child, visit));
}

const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** The text of every string literal and template in `source`; a template's substitutions read as `x`. */
function stringTexts(source: ts.SourceFile): { text: string; line: number }[] {
  const texts: { text: string; line: number }[] = [];
  forEachNode(source, (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push({ text: node.text, line: lineOf(source, node) });
    else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');
      texts.push({ text, line: lineOf(source, node) });
    }
  });
  return texts;
}

/** `file:line` of every SQL statement written in a string under `dir`, outside the files `mayHoldSql` accepts. */
export function sqlOutside(rootDir: string, dir: string, mayHoldSql: (file: string) => boolean): string[] {
  return sourceFiles(rootDir, dir)
    .filter((file) => !mayHoldSql(file))
    .flatMap((file) =>
      stringTexts(parse(rootDir, file))
        .filter(({ text }) => SQL.test(text))
        .map(({ line }) => `${file}:${line}`),
    );
}

const coreMayHoldSql = (file: string) =>
  /(?:Store|Repo)\.ts$/.test(file) ||
  file === 'electron/core/library/libraryDatabase.ts' ||
  file.startsWith('electron/core/library/migrations/');
const sandboxMayHoldSql = (file: string) => file.startsWith('electron/sandbox/repos/') || file.startsWith('electron/sandbox/db/');

/** The string values a node spells out: a literal type, a string literal, or a `z.literal('…')` call. */
function literalOf(node: ts.Node): string | null {
  if (ts.isLiteralTypeNode(node)) return literalOf(node.literal);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'literal') {
    const [argument] = node.arguments;
    return argument ? literalOf(argument) : null;
  }
  return null;
}

const namesEveryKind = (members: readonly ts.Node[]) => {
  const values = new Set(members.map(literalOf));
  return RESOURCE_KINDS.every((kind) => values.has(kind));
};

/** The list given to `z.enum([...])` or `z.union([...])`. */
const isSchemaOfChoices = (node: ts.Node): node is ts.ArrayLiteralExpression =>
  ts.isArrayLiteralExpression(node) &&
  ts.isCallExpression(node.parent) &&
  ts.isPropertyAccessExpression(node.parent.expression) &&
  ['enum', 'union'].includes(node.parent.expression.name.text);

/**
 * `file:line` of every place under `dirs` that spells out the four resource kinds as a type: a
 * union of string-literal types, a `z.enum([...])` or a `z.union([z.literal(...), ...])`, in any
 * order and with or without other members. (A plain list of kinds, such as an order to visit them
 * in, is a value typed by the union, not another union.)
 */
export function kindUnionSites(rootDir: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(rootDir, dir).flatMap((file) => {
      const source = parse(rootDir, file);
      const sites: string[] = [];
      forEachNode(source, (node) => {
        const members = ts.isUnionTypeNode(node) ? node.types : isSchemaOfChoices(node) ? node.elements : null;
        if (members && namesEveryKind(members)) sites.push(`${file}:${lineOf(source, node)}`);
      });
      return sites;
    }),
  );
}

/** Every import circle among the files under `dirs`, each as the chain of files that closes it. */
export async function importCycles(rootDir: string, dirs: readonly string[]): Promise<string[]> {
  const options: ICruiseOptions = { ...(await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'))), baseDir: rootDir };
  const tsConfigFile = path.join(rootDir, 'tsconfig.json');
  const hasTsConfig = readdirSync(rootDir).includes('tsconfig.json');
  if (hasTsConfig) options.tsConfig = { fileName: tsConfigFile };
  else delete options.tsConfig;
  const result = await cruise([...dirs], options, undefined, hasTsConfig ? { tsConfig: extractTSConfig(tsConfigFile) } : {});
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text instead of a result');
  const violations: IViolation[] = result.output.summary.violations.filter((violation) => violation.rule.name === 'no-circular');
  return violations.map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → '));
}

describe('architecture of the tree', () => {
  it('writes no SQL in electron/core outside stores, repos, the database module and migrations', () => {
    expect(sqlOutside(root, 'electron/core', coreMayHoldSql)).toEqual([]);
  }, 60_000);

  it('writes no SQL in electron/sandbox outside repos/ and db/', () => {
    expect(sqlOutside(root, 'electron/sandbox', sandboxMayHoldSql)).toEqual([]);
  }, 60_000);

  it(`spells out the resource-kind union only in ${KIND_UNION_HOME}`, () => {
    const sites = kindUnionSites(root, ['shared', 'electron', 'renderer']);
    expect(sites.filter((site) => !site.startsWith(`${KIND_UNION_HOME}:`))).toEqual([]);
    expect(sites.some((site) => site.startsWith(`${KIND_UNION_HOME}:`))).toBe(true);
  }, 60_000);

  it('has no import circle in electron/ and renderer/', async () => {
    expect(await importCycles(root, ['electron', 'renderer', 'shared'])).toEqual([]);
  }, 180_000);
});

describe('the architecture checks themselves', () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'architecture-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const plant = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };

  plant('electron/core/downloads/downloader.ts', "export const q = 'SELECT id FROM downloads WHERE state = ?';\n");
  plant('electron/core/downloads/downloadStore.ts', "export const q = 'DELETE FROM downloads WHERE id = ?';\n");
  plant('electron/core/library/libraryDatabase.ts', "export const q = 'CREATE TABLE items (id TEXT)';\n");
  plant('electron/core/library/migrations/0001-start.ts', "export const q = 'CREATE TABLE jobs (id TEXT)';\n");
  plant('electron/core/sync/syncTable.ts', 'export const q = (table: string) => `UPDATE ${table} SET seen = 1`;\n');
  plant('electron/core/sync/labels.ts', "export const label = 'Select a voice, then update the list';\n");
  plant('electron/sandbox/resources/voices.ts', 'export const q = `INSERT INTO voices (id) VALUES (?)`;\n');
  plant('electron/sandbox/repos/voiceRepo.ts', "export const q = 'INSERT INTO voices (id) VALUES (?)';\n");
  plant('electron/sandbox/db/schema.ts', "export const q = 'CREATE TABLE voices (id TEXT)';\n");

  plant(KIND_UNION_HOME, "export type ResourceKind = 'character' | 'generation' | 'voice' | 'audio';\n");
  plant('electron/core/records/kinds.ts', "type Kind = 'voice' | 'audio' | 'character' | 'generation';\nexport type { Kind };\n");
  plant(
    'renderer/features/gallery/kinds.ts',
    "import { z } from 'zod';\nexport const Kind = z.enum(['audio', 'voice', 'generation', 'character']);\n",
  );
  plant(
    'renderer/features/gallery/literals.ts',
    "import { z } from 'zod';\nexport const K = z.union([z.literal('character'), z.literal('generation'), z.literal('voice'), z.literal('audio')]);\n",
  );
  plant('electron/sandbox/media/partial.ts', "export type Media = 'character' | 'generation' | 'voice';\n");
  plant('electron/core/records/order.ts', "export const ORDER = ['generation', 'character', 'voice', 'audio'] as const;\n");

  plant('electron/core/a.ts', "import { b } from './deep/b.ts';\nexport const a = () => b;\n");
  plant('electron/core/deep/b.ts', "import type { c } from '../c.ts';\nexport const b: typeof c | null = null;\n");
  plant('electron/core/c.ts', "import { a } from './a.ts';\nexport const c = a;\n");
  plant('renderer/x.ts', "import { y } from './y.ts';\nexport const x = y;\n");
  plant('renderer/y.ts', 'export const y = 1;\n');

  it('finds SQL in a core module that is not a store, and only there', () => {
    expect(sqlOutside(fixture, 'electron/core', coreMayHoldSql)).toEqual([
      'electron/core/downloads/downloader.ts:1',
      'electron/core/sync/syncTable.ts:1',
    ]);
  });

  it('finds SQL in a sandbox module outside repos/ and db/', () => {
    expect(sqlOutside(fixture, 'electron/sandbox', sandboxMayHoldSql)).toEqual(['electron/sandbox/resources/voices.ts:1']);
  });

  it('finds the kind union written as a type union, a z.enum and a z.union in any order', () => {
    expect(kindUnionSites(fixture, ['shared', 'electron', 'renderer'])).toEqual([
      `${KIND_UNION_HOME}:1`,
      'electron/core/records/kinds.ts:1',
      'renderer/features/gallery/kinds.ts:2',
      'renderer/features/gallery/literals.ts:2',
    ]);
  });

  it('finds an import circle closed through a type-only import and a nested folder', async () => {
    const cycles = await importCycles(fixture, ['electron', 'renderer']);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.split(' → ').sort()).toEqual([
      'electron/core/a.ts',
      'electron/core/a.ts',
      'electron/core/c.ts',
      'electron/core/deep/b.ts',
    ]);
  }, 60_000);

  it('finds no circle where imports only go one way', async () => {
    expect(await importCycles(fixture, ['renderer'])).toEqual([]);
  }, 60_000);
});
