import { DatabaseSync } from 'node:sqlite';

/**
 * "The database refuses the write of an answer for a while": another connection to core's library
 * file adds a real SQLite trigger that aborts every job's move out of `sending` (the write that
 * records the service's answer), as SQLite aborts a write on a full disk or a broken constraint;
 * dropping it is the disk freed again. Everything else core writes still goes through.
 */
export class LibraryRefusal {
  private readonly db: DatabaseSync;
  private on = false;

  constructor(libraryPath: string) {
    this.db = new DatabaseSync(libraryPath);
    this.db.exec('PRAGMA busy_timeout = 5000');
  }

  get refusing(): boolean {
    return this.on;
  }

  refuse(): void {
    if (this.on) return;
    this.db.exec(`CREATE TRIGGER IF NOT EXISTS chaos_refuse_answers BEFORE UPDATE OF state ON jobs
                  WHEN OLD.state = 'sending' AND NEW.state IN ('processing', 'done')
                  BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    this.on = true;
  }

  allow(): void {
    if (!this.on) return;
    this.db.exec('DROP TRIGGER IF EXISTS chaos_refuse_answers');
    this.on = false;
  }

  close(): void {
    if (!this.db.isOpen) return;
    this.allow();
    this.db.close();
  }
}
