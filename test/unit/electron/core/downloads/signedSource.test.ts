import { describe, expect, it } from 'vitest';
import {
  isSigned,
  longerLived,
  needsFreshSource,
  sourceIdentity,
  statedExpiry,
} from '../../../../../electron/core/downloads/signedSource.ts';

const at = (iso: string) => Date.parse(iso);

describe('what a signed address says about itself', () => {
  it('names the same file whatever its signature', () => {
    const a = 'https://cdn.example/media/ab.png?X-Amz-Date=20261201T230000Z&X-Amz-Expires=900&X-Amz-Signature=aa&size=large';
    const b = 'https://cdn.example/media/ab.png?X-Amz-Date=20261201T231500Z&X-Amz-Expires=900&X-Amz-Signature=bb&size=large';
    expect(sourceIdentity(a)).toBe('https://cdn.example/media/ab.png?size=large');
    expect(sourceIdentity(a)).toBe(sourceIdentity(b));
    expect(sourceIdentity('ab.png?expires=1&signature=x')).toBe('ab.png');
    expect(sourceIdentity('https://cdn.example/media/ab.png')).toBe('https://cdn.example/media/ab.png');
    expect(sourceIdentity('https://cdn.example/media/ab.png?size=small')).not.toBe(sourceIdentity(a));
  });

  it('reads the expiry S3, Google, CloudFront-style and Azure addresses state', () => {
    expect(statedExpiry('https://s3.example/x.png?X-Amz-Date=20261201T230000Z&X-Amz-Expires=900&X-Amz-Signature=a')).toBe(
      at('2026-12-01T23:15:00Z'),
    );
    expect(statedExpiry('https://g.example/x.png?X-Goog-Date=20261201T230000Z&X-Goog-Expires=60&X-Goog-Signature=a')).toBe(
      at('2026-12-01T23:01:00Z'),
    );
    expect(statedExpiry('x.png?Expires=1796166984&Signature=a&Key-Pair-Id=k')).toBe(1796166984_000);
    expect(statedExpiry('x.png?expires=1796166984&signature=a')).toBe(1796166984_000);
    expect(statedExpiry('x.png?se=2026-12-01T23%3A30%3A00Z&sig=a')).toBe(at('2026-12-01T23:30:00Z'));
    expect(statedExpiry('x.png')).toBeNull();
    expect(statedExpiry('x.png?size=large')).toBeNull();
  });

  it('is read again before use when its expiry is past or near, or when signed without one and kept long', () => {
    const received = at('2026-12-01T23:00:00Z');
    const url = 'x.png?expires=1796166900&signature=a'; // 2026-12-01T23:15:00Z
    expect(needsFreshSource(url, received, at('2026-12-01T23:10:00Z'))).toBe(false);
    expect(needsFreshSource(url, received, at('2026-12-01T23:14:57Z'))).toBe(true);
    expect(needsFreshSource(url, received, at('2026-12-01T23:20:00Z'))).toBe(true);
    expect(needsFreshSource('x.png?token=abc', received, received + 60_000)).toBe(false);
    expect(needsFreshSource('x.png?token=abc', received, received + 11 * 60_000)).toBe(true);
    expect(needsFreshSource('x.png', received, received + 365 * 86_400_000)).toBe(false);
    expect(isSigned('x.png?token=abc')).toBe(true);
    expect(isSigned('x.png?size=large')).toBe(false);
  });

  it('an address that lives a few seconds keeps most of its life', () => {
    const received = 1_000_000;
    const url = `x.png?expires=${(received + 4_000) / 1000}&signature=a`;
    expect(needsFreshSource(url, received, received + 2_000)).toBe(false);
    expect(needsFreshSource(url, received, received + 3_500)).toBe(true);
  });

  it('of two addresses of one file, keeps the one valid longer', () => {
    expect(longerLived('x.png?expires=200&signature=a', 'x.png?expires=100&signature=b')).toBe('x.png?expires=200&signature=a');
    expect(longerLived('x.png?expires=100&signature=a', 'x.png?expires=200&signature=b')).toBe('x.png?expires=200&signature=b');
    expect(longerLived('x.png?token=a', 'x.png?token=b')).toBe('x.png?token=b');
  });
});
