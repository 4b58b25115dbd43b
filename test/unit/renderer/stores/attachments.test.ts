import { afterEach, describe, expect, it } from 'vitest';
import { attach, readyUrls, stillUploading, type Attachment, type AttachmentSink } from '../../../../renderer/stores/attachments.ts';
import type { DroppedItem } from '../../../../renderer/ui/castItemDrag.ts';
import { useAppInfoStore } from '../../../../renderer/stores/appInfoStore.ts';
import { describeError } from '../../../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../../../renderer/i18n/format.ts';
import { checkUpload, contentTypeOf, refusalText, type Refusal } from '../../../../renderer/stores/uploads.ts';

const english = formatsFor('en');
const inEnglish = (refusal: Refusal | null) => (refusal ? refusalText(refusal, english) : null);

/** An attachment list like a store keeps, recording every change it is told. */
function listSink(): AttachmentSink & { list: Attachment[]; dropped: Refusal[]; settled: () => Promise<void> } {
  const sink = {
    list: [] as Attachment[],
    dropped: [] as Refusal[],
    add: (attachment: Attachment) => void sink.list.push(attachment),
    patch: (key: string, change: Partial<Attachment>) => {
      sink.list = sink.list.map((each) => (each.key === key ? { ...each, ...change } : each));
    },
    drop: (key: string, refusal: Refusal) => {
      sink.list = sink.list.filter((each) => each.key !== key);
      sink.dropped.push(refusal);
    },
    // Signature checks and library reads settle on later turns of the event loop.
    settled: () => new Promise<void>((resolve) => setTimeout(resolve, 20)),
  };
  return sink;
}

const item = (change: Partial<DroppedItem>): DroppedItem => ({
  itemId: 'i-1',
  kind: 'image',
  mediaId: null,
  title: 'Lighthouse',
  url: null,
  ...change,
});

describe('attachments on their way to a request', () => {
  afterEach(() => useAppInfoStore.getState().reset());

  it('knows a file by its type, or by its extension when the browser gives none', () => {
    expect(contentTypeOf({ name: 'a.png', type: 'image/png' })).toBe('image/png');
    expect(contentTypeOf({ name: 'voice.MP3', type: '' })).toBe('audio/mpeg');
    expect(contentTypeOf({ name: 'clip.wav', type: 'audio/x-wav' })).toBe('audio/wav');
    expect(contentTypeOf({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
  });

  it('refuses a file of the wrong kind, too large or empty, with a sentence naming what is wanted', () => {
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 10 }, ['image'])).toBeNull();
    expect(inEnglish(checkUpload({ name: 'a.png', type: 'image/png', size: 10 }, ['audio']))).toMatch(/WAV, MP3 or OGG/);
    expect(inEnglish(checkUpload({ name: 'big.png', type: 'image/png', size: 11 * 1024 * 1024 }, ['image']))).toMatch(
      /11 MB; the limit for image files is 10 MB/,
    );
    expect(inEnglish(checkUpload({ name: 'none.png', type: 'image/png', size: 0 }, ['image']))).toBe('none.png is empty.');
  });

  it('takes what fits the room and refuses the rest', () => {
    const sink = listSink();
    const refused = attach(
      [
        { item: item({ itemId: 'a', title: 'A', url: 'https://cdn.example.com/a.png' }) },
        { item: item({ itemId: 'b', title: 'B', url: 'https://cdn.example.com/b.png' }) },
      ],
      { kinds: ['image'], room: 1, sink },
    );
    expect(sink.list.map((each) => each.name)).toEqual(['A']);
    expect(refused.map(inEnglish)).toEqual(['B was not added: there is no room for more here.']);
  });

  it('takes a gallery item with a service URL as ready at once, and refuses one of another kind or without media', () => {
    const sink = listSink();
    const refused = attach(
      [
        { item: item({ title: 'Ready', url: 'https://cdn.example.com/r.png' }) },
        { item: item({ title: 'Song', kind: 'audio', mediaId: 'm-2' }) },
        { item: item({ title: 'Pending' }) },
      ],
      { kinds: ['image'], room: 3, sink },
    );
    expect(sink.list).toHaveLength(1);
    expect(sink.list[0]).toMatchObject({ name: 'Ready', state: 'ready', progress: 1, url: 'https://cdn.example.com/r.png' });
    expect(refused.map(inEnglish)).toEqual([
      'Song is audio; this place takes PNG, JPEG or WebP.',
      'Pending has no media yet, so it cannot be used.',
    ]);
    expect(readyUrls(sink.list)).toEqual(['https://cdn.example.com/r.png']);
    expect(stillUploading(sink.list)).toBe(false);
  });

  it('drops a file whose content is not what its name says, before any upload', async () => {
    const sink = listSink();
    const file = new File(['just some text, not an image'], 'fake.png', { type: 'image/png' });
    expect(attach([{ file }], { kinds: ['image'], room: 1, sink })).toEqual([]);
    expect(sink.list[0]).toMatchObject({ name: 'fake.png', state: 'reading', progress: 0 });
    expect(stillUploading(sink.list)).toBe(true);
    await sink.settled();
    expect(sink.list).toEqual([]);
    expect(sink.dropped.map(inEnglish)).toEqual([
      'fake.png is not what its name says: its content is not PNG, JPEG or WebP, which is what this place takes.',
    ]);
  });

  it('marks a library item that cannot be read as failed, saying why, and keeps no upload running', async () => {
    const sink = listSink();
    attach([{ item: item({ title: 'Old portrait', mediaId: 'm-1' }) }], { kinds: ['image'], room: 1, sink });
    expect(sink.list[0]).toMatchObject({ state: 'reading', progress: null });
    await sink.settled();
    expect(sink.list[0]).toMatchObject({ state: 'failed', progress: null, url: null });
    expect(describeError(sink.list[0]?.error, english)).toMatch(/no longer exists|not in the library/);
    expect(stillUploading(sink.list)).toBe(false);
    expect(readyUrls(sink.list)).toEqual([]);
  });

  it('keeps why, not a sentence, so a refusal on screen is worded in the language shown at the time', () => {
    const sink = listSink();
    const refused = attach(
      [
        { item: item({ itemId: 'a', title: 'A', url: 'https://cdn.example.com/a.png' }) },
        { item: item({ itemId: 'b', title: 'Song', kind: 'audio', mediaId: 'm-2' }) },
        { item: item({ itemId: 'c', title: 'C', url: 'https://cdn.example.com/c.png' }) },
        { item: item({ itemId: 'd', title: 'D', url: 'https://cdn.example.com/d.png' }) },
      ],
      { kinds: ['image'], room: 2, sink },
    );
    expect(refused).toEqual([
      { why: 'otherKind', name: 'Song', kind: 'audio', kinds: ['image'] },
      { why: 'noRoom', name: 'D' },
    ]);
    expect(refused.map((refusal) => refusalText(refusal, formatsFor('ja')))).toEqual([
      'Song は音声です。ここで使えるのは PNG、JPEG、WebP です。',
      'D は追加されませんでした。ここにはこれ以上追加できません。',
    ]);
    expect(
      refusalText({ why: 'tooLarge', name: 'big.png', size: 11 * 1024 * 1024, max: 10 * 1024 * 1024, kind: 'image' }, formatsFor('de')),
    ).toMatch(/^big\.png ist 11 MB groß; die Grenze für Bilddateien liegt bei 10 MB\.$/);
  });
});
