import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../../shared/ipc/index.ts';
import { createIntl } from 'react-intl';
import { waitingUntilNote } from '../../../../../renderer/features/queue/jobLabels.ts';
import { messagesFor } from '../../../../../renderer/i18n/catalogs.ts';

/** English words, with the given region's clock. */
const english = (region: string) => createIntl({ locale: region, messages: messagesFor('en') });

function job(patch: Partial<Job>): Job {
  return {
    id: 'j',
    kind: 'generation.create',
    state: 'waiting_connection',
    title: { what: 'image', subject: 'An image' },
    quotedCredits: 5,
    creditsUsed: null,
    creditsRefunded: null,
    resourceKind: null,
    resourceId: null,
    dependsOn: null,
    retryOf: null,
    attempts: 1,
    progress: null,
    error: { code: 'rate_limited', params: {} },
    createdAt: '2026-11-24T14:30:00.000Z',
    updatedAt: '2026-11-24T14:30:00.000Z',
    ...patch,
  };
}

describe('a job waiting out the service’s Retry-After', () => {
  // Local times: the note reads the person's clock, whatever the machine's time zone.
  const now = new Date(2026, 10, 24, 14, 30, 30);

  it('says until when, in local time, for people', () => {
    const until = new Date(2026, 10, 24, 14, 32, 0).toISOString();
    expect(waitingUntilNote(job({ waitingUntil: until }), english('en-GB'), now)).toBe('The service asked to wait: waiting until 14:32.');
    expect(waitingUntilNote(job({ waitingUntil: until }), english('en-US'), now)).toBe(
      'The service asked to wait: waiting until 02:32 PM.',
    );
  });

  it('names the day when the wait ends on another day', () => {
    const until = new Date(2026, 10, 25, 9, 5, 0).toISOString();
    expect(waitingUntilNote(job({ waitingUntil: until }), english('en-GB'), now)).toBe(
      'The service asked to wait: waiting until Wed 25 Nov, 09:05.',
    );
  });

  it('speaks the studio’s language, with its clock', () => {
    const until = new Date(2026, 10, 24, 14, 32, 0).toISOString();
    const german = createIntl({ locale: 'de', messages: messagesFor('de') });
    expect(waitingUntilNote(job({ waitingUntil: until }), german, now)).toBe('Der Dienst bat zu warten: wartet bis 14:32.');
  });

  it('says nothing for a job that is not waiting', () => {
    expect(waitingUntilNote(job({}), english('en-GB'), now)).toBeNull();
    expect(waitingUntilNote(job({ waitingUntil: null }), english('en-GB'), now)).toBeNull();
    expect(
      waitingUntilNote(job({ state: 'sending', waitingUntil: new Date(2026, 10, 24, 14, 32).toISOString() }), english('en-GB'), now),
    ).toBeNull();
  });
});
