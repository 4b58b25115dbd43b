import { describe, expect, it } from 'vitest';
import { checkRawUrlFields, ssrfReason } from '../../../../electron/sandbox/ssrf.ts';
import { SandboxError } from '../../../../electron/sandbox/sandboxError.ts';

const CDN = 'https://127.0.0.1:4443/cdn';
const SHA = 'a'.repeat(64);

describe('ssrfReason (spec 4 general rules)', () => {
  it('accepts only the canonical CDN form', () => {
    expect(ssrfReason(`${CDN}/${SHA}.png`, CDN)).toBeNull();
    expect(ssrfReason(`${CDN}/${SHA}.wav`, CDN)).toBeNull();
  });

  it.each([
    [`http://127.0.0.1:4443/cdn/${SHA}.png`, 'https'],
    [`HTTPS://127.0.0.1:4443/cdn/${SHA}.png`, 'https'],
    [`https://u@127.0.0.1:4443/cdn/${SHA}.png`, 'user information'],
    [`https://2130706433:4443/cdn/${SHA}.png`, 'trusted host'],
    [`https://127.0.0.1:4443/cdn/%2e%2e/x`, 'percent'],
    [`https://127.0.0.1:4443/cdn/${SHA}.png?a`, 'query'],
    [`https://127.0.0.1:4443/x/${SHA}.png`, 'under /cdn/'],
    [`https://127.0.0.1:4443/cdn/../${SHA}.png`, 'one CDN object'],
    [` ${CDN}/${SHA}.png`, 'whitespace'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(ssrfReason(url, CDN)).toContain(reason);
  });

  it('checks raw URL fields anywhere in a body, before parsing could trim them', () => {
    expect(() => checkRawUrlFields({ options: { reference_images: [`${CDN}/${SHA}.png`, ` ${CDN}/${SHA}.png`] } }, CDN)).toThrowError(
      SandboxError,
    );
    try {
      checkRawUrlFields({ input: { source_url: 'http://x' } }, CDN);
    } catch (error) {
      expect((error as SandboxError).field).toBe('input.source_url');
    }
    expect(() => checkRawUrlFields({ prompt: 'http://not-a-url-field' }, CDN)).not.toThrow();
  });
});
