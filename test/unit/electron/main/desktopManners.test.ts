import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/ipc/models.ts';
import { isAllowedExternalUrl } from '../../../../electron/main/externalLinks.ts';
import { safeFileName } from '../../../../electron/main/fileNames.ts';
import { jobNotice } from '../../../../electron/main/jobNotice.ts';
import { QueueProgress } from '../../../../electron/main/queueProgress.ts';
import { loadShellWords } from '../../../../electron/main/shellWords.ts';
import { DEFAULT_SIZE, restoreWindowState } from '../../../../electron/main/windowState.ts';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window bounds are remembered', () => {
  it('reopens where it was when that is still on a screen', () => {
    expect(restoreWindowState({ x: 100, y: 80, width: 1200, height: 800, maximized: false }, [screen])).toEqual({
      x: 100,
      y: 80,
      width: 1200,
      height: 800,
      maximized: false,
    });
  });

  it('drops the position when the screen it was on is gone, keeping the size', () => {
    expect(restoreWindowState({ x: 2500, y: 100, width: 1200, height: 800, maximized: true }, [screen])).toEqual({
      width: 1200,
      height: 800,
      maximized: true,
    });
  });

  it('uses the default size for nothing saved or a hand-edited value', () => {
    for (const saved of [null, undefined, 'big', { x: 'a' }, { x: 0, y: 0, width: Number.NaN, height: 1, maximized: false }]) {
      expect(restoreWindowState(saved, [screen])).toEqual({ ...DEFAULT_SIZE, maximized: false });
    }
  });

  it('shrinks a window larger than the largest screen', () => {
    expect(restoreWindowState({ x: 0, y: 0, width: 5000, height: 4000, maximized: false }, [screen])).toMatchObject({
      width: 1920,
      height: 1080,
    });
  });
});

const job = (id: string, state: Job['state'], progress: number | null = null, updatedAt = new Date().toISOString()): Job => ({
  id,
  kind: 'generation.create',
  state,
  title: { what: 'image', subject: `Job ${id}` },
  quotedCredits: 10,
  creditsUsed: null,
  creditsRefunded: null,
  resourceKind: 'generation',
  resourceId: `gen-${id}`,
  dependsOn: null,
  retryOf: null,
  attempts: 0,
  progress,
  error: null,
  createdAt: updatedAt,
  updatedAt,
});

describe('dock and taskbar progress, and the job-done notification', () => {
  it('counts working jobs and averages the progress they report', () => {
    const queue = new QueueProgress();
    queue.update(job('a', 'processing', 0.5));
    expect(queue.update(job('b', 'sending')).working).toBe(2);
    expect(queue.summary().fraction).toBe(0.5);
    expect(queue.update(job('b', 'processing', 0.1)).fraction).toBeCloseTo(0.3);
    expect(queue.update(job('a', 'paused')).working).toBe(1);
  });

  it('reports a job done once, when it finishes', () => {
    const queue = new QueueProgress();
    queue.update(job('a', 'processing', 0.9));
    expect(queue.update(job('a', 'done')).finished.map((j) => j.id)).toEqual(['a']);
    expect(queue.update(job('a', 'done')).finished).toEqual([]);
    expect(queue.summary()).toEqual({ working: 0, fraction: null });
  });

  it('does not notify for old finished jobs a sync replays after a start', () => {
    const queue = new QueueProgress();
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(queue.update(job('old', 'done', null, '2030-01-01T10:00:00Z'), now).finished).toEqual([]);
    expect(queue.update(job('fresh', 'done', null, '2030-01-01T11:59:30Z'), now).finished).toHaveLength(1);
  });

  it('names the finished job in its notification by the creator’s own text, in the studio’s language', async () => {
    const english = await loadShellWords('en');
    expect(jobNotice(job('a', 'done'), english)).toEqual({ title: '\u2068Job a\u2069 is ready', body: 'Click to open it in Cast Studio.' });
    expect(jobNotice({ ...job('b', 'done'), title: { what: 'character_regenerate', subject: ' ' } }, english).title).toBe(
      'Your job is ready',
    );
    const japanese = await loadShellWords('ja');
    expect(jobNotice(job('a', 'done'), japanese)).toEqual({
      title: '\u2068Job a\u2069ができました',
      body: 'クリックすると Cast Studio で開きます。',
    });
  });
});

describe('shell.openExternal allowlist', () => {
  it('opens https links to the app’s own sites', () => {
    expect(isAllowedExternalUrl('https://cast.studio/help')).toBe(true);
    expect(isAllowedExternalUrl('https://docs.cast.studio/a?b#c')).toBe(true);
  });

  it('refuses other schemes, hosts, look-alikes and credentials', () => {
    for (const url of [
      'http://cast.studio/',
      'file:///etc/passwd',
      'smb://cast.studio/share',
      'javascript:alert(1)',
      'https://evilcast.studio/',
      'https://cast.studio.evil.example/',
      'https://user:pw@cast.studio/',
      'https://cast.studio:8443/',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });
});

describe('file names for media leaving the app', () => {
  it('adds the extension of the content type', () => {
    expect(safeFileName('Portrait of Mara', 'image/png')).toBe('Portrait of Mara.png');
    expect(safeFileName('clip.mp4', 'video/mp4')).toBe('clip.mp4');
  });

  it('removes separators, control and reserved characters', () => {
    expect(safeFileName('../../etc/passwd', 'image/png')).toBe('etc passwd.png');
    expect(safeFileName('a\\b:c*d?"e<f>g|h\u0000', 'audio/wav')).toBe('a b c d e f g h.wav');
    expect(safeFileName('CON', 'image/png')).toBe('CON media.png');
    expect(safeFileName(undefined, 'video/webm')).toBe('Cast Studio media.webm');
    expect(safeFileName('x'.repeat(300), 'image/png')).toHaveLength(124);
  });
});
