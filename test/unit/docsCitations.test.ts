import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every citation in code and docs points at something a clone of the repository holds: "spec N.N"
 * means section N.N of docs/service-interface.md, so each cited section must exist there, and no
 * text points at a design or style document, or a path, outside the repository.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const INTERFACE = 'docs/service-interface.md';
const THIS_FILE = 'test/unit/docsCitations.test.ts';

/** The folders and top-level files whose text is ours. */
const SCANNED_DIRS = ['shared', 'electron', 'renderer', 'test', 'scripts', 'docs', '.ci'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'release', '.git', 'results']);
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|md|css|html|json|yml|yaml|sh)$|^run$/;

/** "spec 4.2", "spec 2.6, 4.3", "spec 4.3 / 5.7", "spec 5 and 7", "spec 2.2-2.5". */
const CITATION = /\bspec\s+(\d+(?:\.\d+)?(?:\s*(?:,|\/|-|and|or)\s*\d+(?:\.\d+)?)*)/gi;

/** Names of the documents and folder kept outside the repository, split so this file does not hold them whole. */
const DESIGN_DOC = ['DESIGN', 'md'].join('.');
const STYLE_DOC = 'STY' + 'LE';
const SPEC_FOLDER = ['shared', 'spec'].join('/');

/** Words that name a document or a place outside the repository. */
const OUTSIDE = [
  { pattern: new RegExp(DESIGN_DOC.replace('.', '\\.')), why: `names ${DESIGN_DOC}, which is not in the repository` },
  { pattern: new RegExp(`\\b${STYLE_DOC}(?:\\.md\\b|\\s+\\d)`), why: `names ${STYLE_DOC}, which is not in the repository` },
  { pattern: new RegExp(`(?:^|[\\s(\`'"])(?:\\.\\./)*${SPEC_FOLDER}\\b`), why: `names ${SPEC_FOLDER}, which is not in the repository` },
  { pattern: /\/work\/(?:shared|main|wt)\b/, why: 'names a path on one machine, outside the repository' },
];

/** Markdown links to a relative path: [text](path) or [text](path#anchor). */
const MARKDOWN_LINK = /\]\(([^)#\s]+)(?:#[^)\s]*)?\)/g;

export type Problem = { file: string; line: number; text: string; why: string };

/** The section numbers docs/service-interface.md states: `## 4.` and `### 4.2` headings. */
export function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,3}\s+(\d+(?:\.\d+)?)[.\s]/gm)) sections.add(match[1]!);
  return sections;
}

/** The section numbers one citation names, e.g. "2.6, 4.3" → ["2.6", "4.3"]. */
function citedSections(list: string): string[] {
  return list.split(/\s*(?:,|\/|-|and|or)\s*/i).filter((part) => part.length > 0);
}

/** What is wrong with the citations of one file's text; `file` is relative to the repository's root. */
export function citationProblems(file: string, text: string, sections: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  text.split('\n').forEach((lineText, index) => {
    const at = (why: string) => problems.push({ file, line: index + 1, text: lineText.trim(), why });
    for (const match of lineText.matchAll(CITATION)) {
      for (const section of citedSections(match[1]!)) {
        if (!sections.has(section)) at(`cites spec ${section}, which ${INTERFACE} does not have`);
      }
    }
    for (const { pattern, why } of OUTSIDE) if (pattern.test(lineText)) at(why);
    if (file.endsWith('.md')) {
      for (const match of lineText.matchAll(MARKDOWN_LINK)) {
        const target = match[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        const resolved = path.resolve(root, path.dirname(file), target);
        const inside = path.relative(root, resolved);
        if (inside.startsWith('..') || path.isAbsolute(inside)) at(`links ${target}, outside the repository`);
        else if (!existsSync(resolved)) at(`links ${target}, which does not exist`);
      }
    }
  });
  return problems;
}

/** How many "spec N.N" citations a text holds. */
export function citationCount(text: string): number {
  return [...text.matchAll(CITATION)].length;
}

function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(relative);
    return TEXT_FILE.test(entry.name) ? [relative] : [];
  });
}

function scannedFiles(): string[] {
  const topLevel = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json')
    .map((entry) => entry.name);
  return [...topLevel, ...SCANNED_DIRS.flatMap(filesUnder)].filter((file) => file !== THIS_FILE);
}

const SECTIONS = sectionsOf(readFileSync(path.join(root, INTERFACE), 'utf8'));

describe('citations in code and docs', () => {
  it('docs/service-interface.md states sections 1 to 9, with the subsections the code cites', () => {
    for (const section of ['1', '2.1', '2.8', '3', '4.1', '4.7', '5.1', '5.7', '6', '7', '8', '9']) {
      expect(SECTIONS.has(section), section).toBe(true);
    }
  });

  it('reports a citation of a section the interface does not have', () => {
    const problems = citationProblems('fixture.ts', '// spec 4.2 / 7: fine\n// spec 4.9: no such section', SECTIONS);
    expect(problems).toEqual([
      { file: 'fixture.ts', line: 2, text: '// spec 4.9: no such section', why: expect.stringContaining('spec 4.9') },
    ]);
    expect(citationProblems('fixture.ts', 'spec 2.6, 4.3 and 10', SECTIONS).map((problem) => problem.why)).toEqual([
      expect.stringContaining('spec 10'),
    ]);
  });

  it('reports names of documents and paths outside the repository', () => {
    const fixture = [
      `see ${DESIGN_DOC} step 3`,
      `(${STYLE_DOC} 13: one table)`,
      `${STYLE_DOC}.md says so`,
      `../${SPEC_FOLDER}/service-interface.md`,
      '/work/shared/x',
    ];
    const problems = citationProblems('fixture.ts', fixture.join('\n'), SECTIONS);
    expect(problems.map((problem) => problem.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reports a Markdown link that leaves the repository or names a missing file', () => {
    const problems = citationProblems(
      'docs/fixture.md',
      '[a](../../outside.md) [b](missing.md) [c](service-interface.md#7-errors) [d](https://example.com)',
      SECTIONS,
    );
    expect(problems.map((problem) => problem.why)).toEqual([
      expect.stringContaining('outside the repository'),
      expect.stringContaining('does not exist'),
    ]);
  });

  it('finds every citation in the repository pointing at something the repository holds', () => {
    const files = scannedFiles();
    expect(files).toContain('electron/core/jobs/jobQueue.ts');
    expect(files).toContain('docs/ARCHITECTURE.md');
    // The scan reads the citations the code is full of, not an empty set that could never fail.
    const citations = files.reduce((count, file) => count + citationCount(readFileSync(path.join(root, file), 'utf8')), 0);
    expect(citations).toBeGreaterThan(300);
    const problems = files.flatMap((file) => citationProblems(file, readFileSync(path.join(root, file), 'utf8'), SECTIONS));
    expect(problems.map((problem) => `${problem.file}:${problem.line}: ${problem.why}: ${problem.text}`)).toEqual([]);
  });
});
