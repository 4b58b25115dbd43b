import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNotices } from '../../../../../electron/core/app/appNotices.ts';

const dir = mkdtempSync(join(tmpdir(), 'cast-notices-'));

function write(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const NOTICES = {
  product: 'Cast Studio',
  version: '0.4.0',
  generatedFrom: 'package-lock.json',
  electron: '39.0.0',
  programs: [
    {
      name: 'FFmpeg',
      packages: [{ name: '@ffmpeg-installer/linux-x64', version: '4.1.0', build: 'x' }],
      licence: 'GPL-3.0',
      source: ['https://ffmpeg.org/download.html'],
      note: 'The sandbox starts it as a separate program.',
    },
  ],
  packages: [
    {
      name: 'react',
      version: '19.3.1',
      licence: 'MIT',
      copyright: ['Copyright (c) Meta Platforms, Inc. and affiliates.'],
      texts: [{ from: 'package', file: 'LICENSE', text: 'MIT License …' }],
    },
    {
      name: 'tiny',
      version: '1.0.0',
      licence: 'ISC',
      copyright: [],
      textNote: 'The package has no licence file. The standard SPDX text of ISC follows.',
      texts: [{ from: 'spdx', licence: 'ISC', text: 'ISC License …' }],
    },
  ],
};

describe('the licence notices core reads for Settings → About', () => {
  it('lists the programs, then every package with its licence texts', async () => {
    const answer = await readNotices(write('notices.json', NOTICES));
    if (!('notices' in answer)) throw new Error(answer.missing);
    expect(answer.notices.notices.map((n) => n.name)).toEqual(['FFmpeg', 'react', 'tiny']);
    expect(answer.notices.notices[0]).toMatchObject({
      note: 'The sandbox starts it as a separate program.',
      sources: ['https://ffmpeg.org/download.html'],
    });
    expect(answer.notices.notices[1]?.texts).toEqual([{ title: 'LICENSE', text: 'MIT License …' }]);
    expect(answer.notices.notices[2]).toMatchObject({ note: NOTICES.packages[1]?.textNote, texts: [{ title: 'ISC' }] });
  });

  it('says the notices are made by the build when the file is not there', async () => {
    expect(await readNotices(join(dir, 'absent.json'))).toEqual({ missing: 'not_built' });
    expect(await readNotices(undefined)).toEqual({ missing: 'not_built' });
  });

  it('refuses a file that is not JSON or not notices as unreadable', async () => {
    for (const file of [write('broken.json', '{"product":'), write('other.json', { packages: 'none' })])
      expect(await readNotices(file)).toEqual({ missing: 'unreadable' });
  });
});
