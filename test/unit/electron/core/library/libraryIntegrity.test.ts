import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { openCheckedLibrary, type IntegrityFinding, type LibraryRebuild } from '../../../../../electron/core/library/libraryIntegrity.ts';
import { CaptureLog } from '../support/captureLog.ts';

const folders: string[] = [];
const open: LibraryDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PAGE = 4096;

/** A library file with a table of filler rows that nothing but a check reads, closed: its path and the filler's leaf pages. */
function libraryWithFiller(): { file: string; fillerPages: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'cast-integrity-'));
  folders.push(dir);
  const file = join(dir, 'library.db');
  const db = LibraryDatabase.open(file);
  db.db.exec('CREATE TABLE filler (bytes BLOB)');
  db.db.exec(
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO filler SELECT randomblob(3000) FROM n',
  );
  const pages = db.all<{ pageno: number }>("SELECT pageno FROM dbstat WHERE name = 'filler' AND pagetype = 'leaf' ORDER BY pageno");
  db.close();
  return { file, fillerPages: pages.map((p) => p.pageno) };
}

function overwrite(file: string, offset: number, length: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(length, 0x5a), 0, length, offset);
  closeSync(fd);
}

const PENDING = { verdict: 'pending' } as const;

/** Opens through openCheckedLibrary: what it opened, every rebuild `open` was given, and whether the check was still out when it returned. */
async function openChecked(file: string, damaged: string | null = null, checkAfterMs = 0) {
  const log = new CaptureLog();
  const rebuilds: (LibraryRebuild | null)[] = [];
  const opened = await openCheckedLibrary(file, { now: () => Date.UTC(2026, 10, 27), log, damaged, checkAfterMs }, (rebuild) => {
    rebuilds.push(rebuild);
    const db = LibraryDatabase.open(file);
    open.push(db);
    return db;
  });
  // A settled check wins the race (it comes first); one still running loses to the marker.
  const onReturn: IntegrityFinding | typeof PENDING = await Promise.race([opened.checked, Promise.resolve(PENDING)]);
  return { opened, checkOnReturn: onReturn.verdict, rebuilds, log };
}

describe('opening a library with its start check', () => {
  it('opens a sound file at once, the check passing afterwards beside it', async () => {
    const { file } = libraryWithFiller();
    const { opened, checkOnReturn, rebuilds } = await openChecked(file);
    // Open, and read, while the check has not answered yet.
    expect(checkOnReturn).toBe('pending');
    expect(rebuilds).toEqual([null]);
    expect(opened.library.get<{ n: number }>('SELECT count(*) AS n FROM filler')?.n).toBe(300);
    expect(await opened.checked).toEqual({ verdict: 'ok' });
  });

  it('opens a file damaged where only the check reads, and the check reports the damage', async () => {
    const { file, fillerPages } = libraryWithFiller();
    const page = fillerPages[Math.floor(fillerPages.length / 2)]!;
    overwrite(file, (page - 1) * PAGE, PAGE);
    const { opened, checkOnReturn, rebuilds } = await openChecked(file);
    expect(checkOnReturn).toBe('pending');
    expect(rebuilds).toEqual([null]);
    expect(opened.library.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'filler'")?.n).toBe(1);
    const finding = await opened.checked;
    expect(finding.verdict).toBe('damaged');
    expect(finding.verdict === 'damaged' && finding.log).toMatch(/page|tree|corrupt|malformed/i);
  });

  it('moves a file SQLite refuses on open aside, and opens a new one told why', async () => {
    const { file } = libraryWithFiller();
    overwrite(file, 0, 100);
    const { opened, checkOnReturn, rebuilds, log } = await openChecked(file);
    // Opened as it was, refused, then opened anew with what happened.
    expect(rebuilds).toHaveLength(2);
    expect(rebuilds[0]).toBeNull();
    const rebuild = rebuilds[1]!;
    expect(rebuild.movedTo).toMatch(/library\.damaged-2026-11-27T00-00-00-000Z\.db$/);
    expect(existsSync(rebuild.movedTo)).toBe(true);
    expect(rebuild.detail).toMatch(/not a database/i);
    // The new file needs no check of its own.
    expect(checkOnReturn).toBe('ok');
    expect(opened.library.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'filler'")?.n).toBe(0);
    expect(log.text()).toContain('moved aside');
  });

  it('moves a file already known to be damaged aside without checking it again', async () => {
    const { file } = libraryWithFiller();
    const { checkOnReturn, rebuilds } = await openChecked(file, 'The start check found damage: page 7.');
    expect(rebuilds).toHaveLength(1);
    expect(rebuilds[0]!.detail).toBe('The start check found damage: page 7.');
    expect(existsSync(rebuilds[0]!.movedTo)).toBe(true);
    expect(checkOnReturn).toBe('ok');
  });

  describe('when the check waits to begin', () => {
    /** A file damaged where only the check reads: a check that runs reports it, one that does not passes. */
    function damagedFiller(): string {
      const { file, fillerPages } = libraryWithFiller();
      overwrite(file, (fillerPages[Math.floor(fillerPages.length / 2)]! - 1) * PAGE, PAGE);
      return file;
    }
    const settledWithin = async (checked: Promise<IntegrityFinding>, ms: number) =>
      Promise.race([checked, new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), ms))]);

    it('reads nothing before its time, then checks the file', async () => {
      const { opened } = await openChecked(damagedFiller(), null, 600);
      // A check at once would have answered by now (it takes a few ms on this small file).
      expect((await settledWithin(opened.checked, 300)).verdict).toBe('pending');
      expect((await opened.checked).verdict).toBe('damaged');
    });

    it('begins at once when its verdict is asked for', async () => {
      const { opened } = await openChecked(damagedFiller(), null, 60_000);
      opened.check.now();
      expect((await settledWithin(opened.checked, 10_000)).verdict).toBe('damaged');
    });

    it('is dropped, and passes, when the library closes before it began', async () => {
      const { opened } = await openChecked(damagedFiller(), null, 60_000);
      opened.check.cancel();
      expect(await settledWithin(opened.checked, 1_000)).toEqual({ verdict: 'ok' });
      // Asked for after that, nothing begins again.
      opened.check.now();
      expect(await opened.checked).toEqual({ verdict: 'ok' });
    });
  });
});
