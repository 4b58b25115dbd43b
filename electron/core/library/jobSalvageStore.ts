import { Worker } from 'node:worker_threads';
import type { LibraryDatabase, SqlValue } from './libraryDatabase.ts';

/**
 * What could be read of the job queue of a damaged library file: its rows as stored (each with
 * `_rowid`), and the rows known to exist that could not be read (with their state when the state
 * index still names it). `countKnown` is false when not even the number of jobs could be told
 * (the table and its state index both unreadable, or the file not openable at all).
 */
export type SalvagedRows = {
  rows: Record<string, unknown>[];
  lost: { rowid: number; state: string | null }[];
  countKnown: boolean;
};

const NOTHING_READ: SalvagedRows = { rows: [], lost: [], countKnown: false };

/**
 * Reads the jobs table of a damaged library file, best effort, on its own read-only connection
 * in a worker thread (plain CommonJS, no imports of ours, like the integrity check). The file is
 * never written: a damaged header is rebuilt on a private copy beside it, removed afterwards.
 * Rows are read by rowid ranges, and a range that raises an error is read again row by row, so
 * one damaged page costs only the rows on it. The state index (its own pages) tells which rows
 * existed and whether they were finished, so a row lost with its page is still counted.
 */
const SALVAGE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const fs = require('node:fs');
const { path, table, stateIndex, chunk } = workerData;
const NOT_A_DATABASE = 26;
const temporary = [];
// Reading a file in WAL mode makes a shared-memory file beside it: one that was not there goes afterwards.
if (!fs.existsSync(path + '-shm')) temporary.push(path + '-shm');

function openChecked(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const found = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table);
    if (!found) throw Object.assign(new Error('no jobs table'), { errcode: 1 });
    return db;
  } catch (error) {
    try { db.close(); } catch {}
    throw error;
  }
}

/** A copy of the file with a plausible header: page size tried in turn until the schema reads. */
function openWithNewHeader() {
  const copy = path + '.salvage';
  fs.copyFileSync(path, copy);
  fs.chmodSync(copy, 0o600);
  temporary.push(copy, copy + '-wal', copy + '-shm');
  const wal = fs.existsSync(path + '-wal');
  if (wal) {
    fs.copyFileSync(path + '-wal', copy + '-wal');
    fs.chmodSync(copy + '-wal', 0o600);
  }
  for (const size of [4096, 8192, 16384, 32768, 65536, 1024, 2048, 512]) {
    const header = Buffer.alloc(100);
    header.write('SQLite format 3\\0', 0, 'latin1');
    header.writeUInt16BE(size === 65536 ? 1 : size, 16);
    header[18] = wal ? 2 : 1;
    header[19] = wal ? 2 : 1;
    header[21] = 64;
    header[22] = 32;
    header[23] = 32;
    // Change counter 1 and database size 0: SQLite then takes the size from the file's length.
    header.writeUInt32BE(1, 24);
    header.writeUInt32BE(1, 40);
    header.writeUInt32BE(4, 44);
    header.writeUInt32BE(1, 56);
    header.writeUInt32BE(3045000, 96);
    const fd = fs.openSync(copy, 'r+');
    fs.writeSync(fd, header, 0, 100, 0);
    fs.closeSync(fd);
    fs.rmSync(copy + '-shm', { force: true });
    try { return openChecked(copy); } catch {}
  }
  return null;
}

function open() {
  try {
    return openChecked(path);
  } catch (error) {
    if ((Number(error && error.errcode) & 0xff) !== NOT_A_DATABASE) return null;
  }
  return openWithNewHeader();
}

function salvage(db) {
  const states = new Map();
  let indexed = false;
  try {
    const scan = db.prepare('SELECT rowid AS id, state FROM "' + table + '" INDEXED BY "' + stateIndex + '" WHERE state IS NOT NULL');
    for (const row of scan.iterate()) states.set(Number(row.id), row.state === null ? null : String(row.state));
    indexed = true;
  } catch {}
  let top = 0;
  let tableCounted = false;
  try {
    top = Number(db.prepare('SELECT max(rowid) AS top FROM "' + table + '"').get().top ?? 0);
    tableCounted = true;
  } catch {}
  for (const id of states.keys()) top = Math.max(top, id);
  const rows = [];
  const lost = [];
  const seen = new Set();
  const range = db.prepare('SELECT rowid AS _rowid, * FROM "' + table + '" WHERE rowid BETWEEN ? AND ?');
  const one = db.prepare('SELECT rowid AS _rowid, * FROM "' + table + '" WHERE rowid = ?');
  const keep = (row) => { rows.push(row); seen.add(Number(row._rowid)); };
  for (let low = 1; low <= top; low += chunk) {
    const high = Math.min(top, low + chunk - 1);
    try {
      for (const row of range.all(low, high)) keep(row);
      continue;
    } catch {}
    for (let id = low; id <= high; id += 1) {
      try {
        const row = one.get(id);
        if (row) keep(row);
      } catch {
        // Without the index a damaged page's rowids may or may not have held rows: counted as lost.
        if (!indexed || states.has(id)) { lost.push({ rowid: id, state: states.has(id) ? states.get(id) : null }); seen.add(id); }
      }
    }
  }
  for (const [id, state] of states) if (!seen.has(id)) lost.push({ rowid: id, state });
  return { rows, lost, countKnown: indexed || tableCounted };
}

let result = { rows: [], lost: [], countKnown: false };
let db = null;
try {
  db = open();
  if (db) result = salvage(db);
} catch {}
try { if (db) db.close(); } catch {}
for (const file of temporary) { try { fs.rmSync(file, { force: true }); } catch {} }
parentPort.postMessage(result);
`;

/** Reads what it can of the job queue in the damaged library file at `path` (see SALVAGE_SOURCE). */
export function readDamagedJobs(path: string): Promise<SalvagedRows> {
  return new Promise<SalvagedRows>((resolve) => {
    const worker = new Worker(SALVAGE_SOURCE, { eval: true, workerData: { path, table: 'jobs', stateIndex: 'jobs_state', chunk: 64 } });
    let settled = false;
    const settle = (rows: SalvagedRows): void => {
      if (settled) return;
      settled = true;
      resolve(rows);
    };
    worker.once('message', (rows: SalvagedRows) => settle(rows));
    worker.once('error', () => settle(NOTHING_READ));
    worker.once('exit', () => settle(NOTHING_READ));
  });
}

/** Where salvaged job rows go back in: the new library's `jobs` table, rows written exactly as they were stored. */
export class JobSalvageStore {
  private readonly library: LibraryDatabase;
  /** The jobs table's columns in this library (names from its own schema, never from the damaged file). */
  private readonly columns: Set<string>;

  constructor(library: LibraryDatabase) {
    this.library = library;
    this.columns = new Set(library.all<{ name: string }>('PRAGMA table_info(jobs)').map((c) => c.name));
  }

  has(id: string): boolean {
    return this.library.get('SELECT 1 AS x FROM jobs WHERE id = ?', id) !== undefined;
  }

  /** Writes a row as stored, in the columns this library has; false when a job with its id is there already. Throws when a constraint refuses a value. */
  insertAsStored(values: Record<string, unknown>): boolean {
    const names = Object.keys(values).filter((name) => this.columns.has(name));
    const inserted = this.library.run(
      `INSERT INTO jobs (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
      ...names.map((name) => values[name] as SqlValue),
    );
    return inserted.changes > 0;
  }
}
