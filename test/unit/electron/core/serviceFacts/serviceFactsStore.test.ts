import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES } from '../../../../../shared/api/index.ts';
import type { ServiceFacts } from '../../../../../shared/ipc/index.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ServiceFactsStore } from '../../../../../electron/core/serviceFacts/serviceFactsStore.ts';
import { UpdatedAfterSupport } from '../../../../../electron/core/sync/updatedAfterSupport.ts';

const opened: LibraryDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function open(file: string): LibraryDatabase {
  const db = LibraryDatabase.open(file);
  opened.push(db);
  return db;
}

function store(library: LibraryDatabase, baseUrl: string, seen: ServiceFacts[] = []): ServiceFactsStore {
  return new ServiceFactsStore({
    library,
    profileId: 'remote-1',
    baseUrl,
    now: () => '2026-11-24T10:00:00.000Z',
    changed: (facts) => seen.push(facts),
  });
}

describe('the facts kept per connection', () => {
  it('survive a restart in the library file, and are dropped when the connection points elsewhere', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cast-facts-')), 'library.db');
    const seen: ServiceFacts[] = [];
    const first = store(open(file), 'https://api.example.com', seen);
    first.catalogMissing();
    first.uploadsMissing();
    first.notice('idempotency_retention', 'Idempotency retention', '1 hour (assumed)');
    expect(seen.map((facts) => facts.uploads)).toEqual(['unknown', 'not_offered', 'not_offered']);
    opened.pop()!.close();

    const again = store(open(file), 'https://api.example.com').view();
    expect(again).toMatchObject({ catalog: 'built_in', uploads: 'not_offered', uploadPath: '/v1/uploads', uploadPathFrom: 'default' });
    expect(again.noticed).toEqual([
      { key: 'idempotency_retention', label: 'Idempotency retention', value: '1 hour (assumed)', at: '2026-11-24T10:00:00.000Z' },
    ]);
    opened.pop()!.close();

    expect(store(open(file), 'https://other.example.com').view()).toMatchObject({ catalog: 'unknown', uploads: 'unknown', noticed: [] });
  });

  it('take the upload path a served catalog names, and list an ignored updated_after filter', () => {
    const library = open(':memory:');
    const facts = store(library, 'https://api.example.com');
    facts.catalogServed({ ...DEFAULT_CAPABILITIES, capability_version: 'cap-x', uploads: { path: '/v2/media' } });
    new UpdatedAfterSupport(library).remember('ignored');
    const view = facts.view();
    expect(view).toMatchObject({
      catalog: 'service',
      capabilityVersion: 'cap-x',
      uploads: 'offered',
      uploadPath: '/v2/media',
      uploadPathFrom: 'capabilities',
    });
    expect(view.noticed.map((n) => [n.label, n.value])).toEqual([
      ['updated_after filter', 'ignored (history is followed by what is still in flight)'],
    ]);
    expect(facts.capabilities().capability_version).toBe('cap-x');
  });
});
