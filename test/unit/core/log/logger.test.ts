import { describe, expect, it } from 'vitest';
import { RedactingLogger, Redactor } from '../../../../electron/core/log/logger.ts';
import { CaptureLog } from '../support/captureLog.ts';

const KEY = `sk_live_${'0f'.repeat(32)}`;

describe('redacting logger', () => {
  it('never writes an API key, a bearer credential or a registered secret', () => {
    const sink = new CaptureLog();
    const redactor = new Redactor();
    redactor.addSecret('adm_supersecrettoken');
    const log = new RedactingLogger([sink], redactor);
    log.info(`using ${KEY}`, { headers: { authorization: `Bearer ${KEY}` }, nested: [{ note: `x ${KEY} y` }], apiKey: KEY, admin: 'adm_supersecrettoken' });
    log.error('failed', { error: new Error(`bad key ${KEY}`) });
    const text = sink.text();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('adm_supersecrettoken');
    expect(text).toContain('[redacted]');
  });

  it('keeps a sink failure from breaking the caller', () => {
    const log = new RedactingLogger([{ info: () => { throw new Error('disk'); }, warn: () => {}, error: () => {} }]);
    expect(() => log.info('hello')).not.toThrow();
  });
});
