import { describe, expect, it } from 'vitest';
import { diagnosticsText, redactDiagnostics, type DiagnosticFacts } from '../../../../../electron/core/app/diagnostics.ts';
import { Redactor } from '../../../../../electron/core/log/logger.ts';

const API_KEY = `sk_live_${'a1'.repeat(32)}`;
const ADMIN_TOKEN = 'adm-7f3c9e1b2d4a6f80';
const SESSION_TOKEN = 'Zx9Qw2Er5Ty8Ui1Op4As7Df0Gh3Jk6Lz';
const HOME = '/home/mira.okafor';

function facts(recentErrors: DiagnosticFacts['recentErrors']): DiagnosticFacts {
  return {
    version: '0.4.0',
    build: 'c0ffee1',
    host: 'browser',
    node: '24.1.0',
    electron: null,
    chromium: null,
    page: 'Chromium 140.0.7339.80',
    os: 'linux 6.1.0 (x64)',
    connection: { kind: 'remote', baseUrl: `https://user:${SESSION_TOKEN}@api.example.com:8443/v1?api_key=${API_KEY}` },
    library: { items: 12, bytes: 4_200_000, pendingDownloads: 1, failedDownloads: 2 },
    recentErrors,
  };
}

function secretsKnown(): Redactor {
  const redactor = new Redactor();
  redactor.addSecret(ADMIN_TOKEN);
  return redactor;
}

describe('the diagnostics summary', () => {
  it('keeps no API key, token, admin token or home path, wherever they appear', () => {
    const text = diagnosticsText(
      facts([
        { what: 'generation job', code: 'unauthorized', message: `Key ${API_KEY} was refused`, at: '2026-12-01T10:00:00Z' },
        { what: 'download', code: 'error', message: `Could not write ${HOME}/.config/Cast Studio/media/x.png`, at: '2026-12-01T09:00:00Z' },
        {
          what: 'sandbox',
          code: null,
          message: `admin token ${ADMIN_TOKEN} rejected; Authorization: Bearer ${SESSION_TOKEN}`,
          at: '2026-12-01T08:00:00Z',
        },
        { what: 'remote', code: null, message: `token=${SESSION_TOKEN} from C:\\Users\\mira\\AppData`, at: '2026-12-01T07:00:00Z' },
      ]),
      { secrets: secretsKnown(), homeDir: HOME },
    );
    for (const secret of [API_KEY, ADMIN_TOKEN, SESSION_TOKEN, HOME, 'mira']) expect(text).not.toContain(secret);
    expect(text).toContain('~/.config/Cast Studio/media/x.png');
    expect(text).toContain('[redacted]');
  });

  it('names the connection by its host only and says what runs', () => {
    const text = diagnosticsText(facts([]), { secrets: secretsKnown(), homeDir: HOME });
    expect(text).toContain('Connection: a remote service at api.example.com:8443');
    expect(text).not.toContain('/v1');
    expect(text).toContain('Version: 0.4.0 (build c0ffee1)');
    expect(text).toContain('Versions: Node 24.1.0, page in Chromium 140.0.7339.80');
    expect(text).toContain('Library: 12 items, 4.2 MB of media, 1 downloads waiting, 2 failed');
    expect(text).toMatch(/Recent errors:\n {2}none/);
  });

  it('takes out key-shaped values even when no one registered them', () => {
    const text = redactDiagnostics(`whsec_abc123 api-key: "k-${'9'.repeat(40)}" password=hunter22`, {
      secrets: new Redactor(),
      homeDir: HOME,
    });
    expect(text).not.toMatch(/whsec_abc123|9{40}|hunter22/);
  });

  it('writes the home folder as ~ only where the whole folder is named', () => {
    const text = redactDiagnostics('/root/.config/x.log beside /rootfs/y and C:\\Users\\ada\\AppData', {
      secrets: new Redactor(),
      homeDir: '/root/',
    });
    expect(text).toBe('~/.config/x.log beside /rootfs/y and ~\\AppData');
  });

  it('leaves ids and ordinary paths readable', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    const text = redactDiagnostics(`job ${id} in /var/lib/cast-studio/library/media/objects/store`, {
      secrets: new Redactor(),
      homeDir: HOME,
    });
    expect(text).toBe(`job ${id} in /var/lib/cast-studio/library/media/objects/store`);
  });
});
