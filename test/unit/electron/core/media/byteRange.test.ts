import { describe, expect, it } from 'vitest';
import { isMediaId, parseRange, rangeHeaders } from '../../../../../electron/core/media/byteRange.ts';

describe('byte ranges for media served by both shells', () => {
  it('serves the whole file without a Range header', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(rangeHeaders({ kind: 'full' }, 100, 'video/mp4')).toEqual({
      status: 200,
      headers: { 'Accept-Ranges': 'bytes', 'Content-Type': 'video/mp4', 'Content-Length': '100', 'X-Content-Type-Options': 'nosniff' },
    });
  });

  it('answers a closed range with 206 and its Content-Range', () => {
    const range = parseRange('bytes=10-19', 100);
    expect(range).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(rangeHeaders(range, 100, 'video/mp4').status).toBe(206);
    expect(rangeHeaders(range, 100, 'video/mp4').headers['Content-Range']).toBe('bytes 10-19/100');
    expect(rangeHeaders(range, 100, 'video/mp4').headers['Content-Length']).toBe('10');
  });

  it('reads an open range to the end and clamps an end past it', () => {
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
  });

  it('reads a suffix range as the last n bytes', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('refuses a range that starts past the end with 416', () => {
    const range = parseRange('bytes=100-', 100);
    expect(range).toEqual({ kind: 'unsatisfiable' });
    expect(rangeHeaders(range, 100, 'video/mp4')).toMatchObject({ status: 416, headers: { 'Content-Range': 'bytes */100' } });
    expect(parseRange('bytes=20-10', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('serves whole what is not a single byte range', () => {
    expect(parseRange('items=0-5', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-5,10-20', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'full' });
  });

  it('takes content ids and nothing that could be a path', () => {
    expect(isMediaId('3f2a9c0b7e')).toBe(true);
    expect(isMediaId('thumb_01-abc')).toBe(true);
    for (const bad of ['', '../etc/passwd', '..', '%2e%2e%2fetc%2fpasswd', '/etc/passwd', 'C:\\Windows', 'a/b', 'a.png', 'x'.repeat(129)]) {
      expect(isMediaId(bad), bad).toBe(false);
    }
  });
});
