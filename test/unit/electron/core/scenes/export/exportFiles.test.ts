import { describe, expect, it } from 'vitest';
import { extensionOf } from '../../../../../../electron/core/scenes/export/exportFiles.ts';

describe('the extension of an exported line’s file', () => {
  it('comes from the line’s media type, under any name and with any parameters', () => {
    const cases: Array<[string, string]> = [
      ['video/mp4', '.mp4'],
      ['video/webm', '.webm'],
      ['audio/wav', '.wav'],
      ['audio/x-wav', '.wav'],
      ['audio/wave', '.wav'],
      ['audio/mpeg', '.mp3'],
      ['audio/mp3', '.mp3'],
      ['audio/ogg', '.ogg'],
      ['audio/mp4', '.m4a'],
      ['audio/wav; codecs=1', '.wav'],
      [' video/mp4 ; codecs="avc1.42E01E, mp4a.40.2"', '.mp4'],
      ['AUDIO/WAV', '.wav'],
      ['image/png', '.png'],
    ];
    for (const [type, extension] of cases) expect(extensionOf(type), type).toBe(extension);
  });

  it('is .bin for a type of no known media', () => {
    for (const type of ['', 'application/octet-stream', 'text/plain', 'video/quicktime', 'constructor']) {
      expect(extensionOf(type), type).toBe('.bin');
    }
  });
});
