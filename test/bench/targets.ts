/**
 * Every figure the benchmarks, the chaos run and the crash run print, with its target and one
 * line on how it is measured: the one place a target is written. The runs print the target from
 * here, chaos and crash judge their exit code by it, and `npm run results` writes RESULTS.md
 * from it and the saved runs in test/bench/results/.
 *
 * A figure is named here without its size: `gallery_scroll_p95_frame_ms` covers the printed
 * `gallery_scroll_p95_frame_ms_10k` and `_100k` (see `figureFamily`).
 */

/** What a figure must be: a bound, a value, a relation to another figure of the same run, or only printed for context. */
export type Target =
  | { atMost: number }
  | { atLeast: number }
  | { equals: number }
  /** Equal to another figure of the same run (charged = intended). */
  | { equalsFigure: string }
  /** At most `times` another figure of the same run (a busy figure near its idle one). */
  | { atMostFigure: string; times: number; text: string }
  /** A time printed for context beside its `_ratio` sibling, which is judged instead: the bound it had before. */
  | { contextAtMost: number }
  | { report: true };

/**
 * `noReference` says why a time with a bound of its own has no `_ratio` sibling (a time judged
 * alone reads a slow day as a slow app).
 */
export type FigureSpec = { target: Target; method: string; noReference?: string };

export type FigureGroup = { title: string; how: string; figures: Record<string, FigureSpec> };

const report: Target = { report: true };

export const FIGURE_GROUPS: readonly FigureGroup[] = [
  {
    title: 'Gallery',
    how: '`npm run bench -- --only gallery`; libraries of 10,000 and 100,000 items',
    figures: {
      gallery_scroll_p95_frame_ms: {
        target: { contextAtMost: 16.7 },
        method: 'p95 frame interval of a 10 s scroll at 3,000 px/s, median of three',
      },
      gallery_scroll_p95_frame_ms_reference: {
        target: report,
        method: 'the same scrolls of the same thumbnails in the same layout on a bare page',
      },
      gallery_scroll_p95_frame_ms_ratio: { target: { atMost: 1.1 }, method: "the gallery's p95 over the bare page's" },
      gallery_long_frames: {
        target: { atMostFigure: 'gallery_long_frames_reference', times: 1, text: '≤ reference' },
        method: 'frames over 50 ms in that scroll, median of three',
      },
      gallery_long_frames_reference: { target: report, method: "the bare page's frames over 50 ms in its scrolls" },
      gallery_dom_tiles_ratio: { target: { atMost: 2 }, method: 'tiles in the DOM per tile on screen while scrolling' },
      gallery_filter_p95_ms: {
        target: { contextAtMost: 50 },
        method: 'a kind filter changed to its first painted result, p95 of 60',
      },
      gallery_filter_p95_ms_reference: {
        target: report,
        method: 'the same filter over the same items in plain JS and DOM on a bare page, p95',
      },
      gallery_filter_p95_ms_ratio: { target: { atMost: 1.4 }, method: "the gallery's p95 over the bare page's" },
      gallery_search_p95_ms: {
        target: { contextAtMost: 50 },
        method: 'a search word typed to its first painted result, p95 of 60',
      },
      gallery_search_p95_ms_reference: {
        target: report,
        method: 'the same search over the same items in plain JS and DOM on a bare page, p95',
      },
      gallery_search_p95_ms_ratio: { target: { atMost: 1.8 }, method: "the gallery's p95 over the bare page's" },
      gallery_heap_mb: { target: { atMost: 150 }, method: "the page's heap after 60 s of scrolling and a forced GC" },
      gallery_heap_growth_pct: { target: { atMost: 10 }, method: 'the heap back at the top after it, against before it' },
    },
  },
  {
    title: 'Start',
    how: '`npm run bench -- --only gallery`, 100,000 items, each a median of three starts; the language ratio `--only locale`',
    figures: {
      startup_interactive_ms: {
        target: { contextAtMost: 1500 },
        method: 'host start to painted thumbnails, the service reachable',
      },
      startup_interactive_ms_ratio: { target: { atMost: 16.7 }, method: "that start over the empty page's" },
      startup_library_interactive_ms: {
        target: { contextAtMost: 800 },
        method: 'host start to the gallery browsable, the service unreachable',
      },
      startup_library_interactive_ms_ratio: { target: { atMost: 8.9 }, method: "that start over the empty page's" },
      startup_library_interactive_ms_from_cast: { target: report, method: 'the same start with the app left on the cast page' },
      startup_library_interactive_ms_kept_profile: {
        target: report,
        method: 'the same start, one Chromium profile kept between starts',
      },
      startup_blank_page_ms: {
        target: report,
        method: "an empty page painted in a new tab: the starts' reference",
      },
      startup_locale_ratio: {
        target: { atMost: 1.05 },
        method: 'A start in Japanese over English',
      },
    },
  },
  {
    title: 'Host loop',
    how: '`npm run bench -- --only hostloop`; a 100,000-item sync with downloads while the gallery scrolls',
    figures: {
      host_event_loop_p99_ms_busy: {
        target: { contextAtMost: 10 },
        method: "p99 event-loop delay of core's process in a full sync with downloads",
      },
      host_event_loop_p99_ms_busy_reference: {
        target: report,
        method: 'a bare Node process with nothing to do, its own p99 over the same window',
      },
      host_event_loop_p99_ms_busy_ratio: { target: { atMost: 2.1 }, method: "over the bare process's" },
      host_event_loop_max_ms_busy: { target: { contextAtMost: 50 }, method: 'the longest delay in that window' },
      host_event_loop_max_ms_busy_reference: { target: report, method: "the bare process's longest delay in that window" },
      host_event_loop_max_ms_busy_ratio: { target: { atMost: 1.5 }, method: "over the bare process's" },
    },
  },
  {
    title: 'Scenes',
    how: '`npm run bench -- --only sceneEditor` and `--only sceneexport`',
    figures: {
      scene_editor_keystroke_p95_ms: {
        target: { contextAtMost: 16 },
        method: 'keydown to the frame showing it, 200-line scene, less the wait for the refresh, p95',
      },
      scene_editor_keystroke_p95_ms_reference: {
        target: report,
        method: 'the same keys into a bare `<textarea>` on an empty page, the same method',
      },
      scene_editor_keystroke_p95_ms_ratio: { target: { atMost: 2.5 }, method: "the editor's p95 over the bare textarea's" },
      scene_export_seconds_per_minute: {
        target: { contextAtMost: 5 },
        method: 'seconds per minute of scene to export MP4, SRT and FCPXML, clips remuxed, through the page and core',
      },
      scene_export_seconds_per_minute_reference: {
        target: report,
        method: 'the same clip files joined by a bare `ffmpeg -f concat -c copy`, no app around it',
      },
      scene_export_seconds_per_minute_ratio: {
        target: { atMost: 10 },
        method: "the export's s/min over bare ffmpeg's",
      },
      scene_export_reencode_seconds_per_minute: { target: report, method: 'the same, clips re-encoded with WebCodecs' },
    },
  },
  {
    title: 'Collaboration',
    how: '`--only collab`: one sync server, 500 clients on 100 scenes; `--only collabapp`: two cores in one space',
    figures: {
      collab_fanout_p95_ms_clients: {
        target: { contextAtMost: 100 },
        method: "an edit to its arrival at the scene's other clients; one edit/s each, p95 of 30 s",
      },
      collab_fanout_p95_ms_clients_reference: {
        target: report,
        method: 'the same clients and edits over a bare WebSocket relay process that only forwards each update',
      },
      collab_fanout_p95_ms_clients_ratio: {
        target: { atMost: 110 },
        method: "the server's p95 over the bare relay's, bound ÷ the quiet 12-02 reference",
      },
      collab_scene_open_ms: {
        target: { contextAtMost: 100 },
        method: 'a 200-line scene only in the documents on disk: link opened to `scenes.get` with all lines, median of 3',
      },
      collab_scene_open_ms_reference: {
        target: report,
        method: 'the same stored updates applied to a bare Y.Doc and its lines read',
      },
      collab_scene_open_ms_ratio: { target: { atMost: 52 }, method: 'the open over the bare decode, bound ÷ the quiet 12-02 reference' },
      collab_keystroke_p95_ms: {
        target: { contextAtMost: 150 },
        method: "a character added by A's `scenes.update` to B's `scene.updated` with it, p95 of 60; core to core, no editor",
      },
      collab_keystroke_p95_ms_reference: {
        target: report,
        method: "the same characters typed into the line's Y.Text of a bare Y.Doc, to another over the bare relay",
      },
      collab_keystroke_p95_ms_ratio: {
        target: { atMost: 152 },
        method: "the cores' p95 over the bare documents', bound ÷ the quiet 12-02 reference",
      },
      collab_offline_merge_ms: {
        target: { contextAtMost: 1000 },
        method: "1,000 line edits made offline on B: its socket back to A's library holding them and B's pending 0",
      },
      collab_offline_merge_ms_reference: {
        target: report,
        method: 'the same updates sent by a bare Y.Doc to another over the bare relay as one update, one answer back',
      },
      collab_offline_merge_ms_ratio: { target: { atMost: 151 }, method: 'the merge over the bare one, bound ÷ the quiet 12-02 reference' },
    },
  },
  {
    title: 'Poller',
    how: '`npm run bench -- --only poller`; 500 image jobs',
    figures: {
      poller_requests_per_job: { target: { atMost: 1.5 }, method: 'polling requests per completed job' },
      poller_detect_p95_ms: {
        target: { atMost: 1000 },
        method: "the sandbox's `completed_at` to core's `library.updated`, p95",
        noReference: "set by the poller's schedule (its next poll), not by the machine's speed",
      },
      poller_idle_requests: { target: { equals: 0 }, method: 'requests in the 30 s after the last job and its downloads' },
      poller_requests_per_job_no_updated_after: {
        target: { atMost: 1.5 },
        method: 'the same against a sandbox ignoring `updated_after`',
      },
      poller_idle_requests_no_updated_after: { target: { equals: 0 }, method: 'idle requests against that sandbox' },
    },
  },
  {
    title: 'Sync',
    how: '`npm run bench -- --only sync`; 100,001 generations, 50 ms added to every request',
    figures: {
      sync_full_ratio_to_floor: {
        target: { atMost: 1.2 },
        method: 'a full history sync against pages × 50 ms (serial paging)',
      },
      sync_incremental_ms: { target: { contextAtMost: 500 }, method: 'a sync with nothing changed since' },
      sync_incremental_ms_reference: {
        target: report,
        method: 'the same requests from a plain undici loop through the same relay',
      },
      sync_incremental_ms_ratio: { target: { atMost: 1.4 }, method: "core's incremental sync over that loop's" },
    },
  },
  {
    title: 'Network and service',
    how: '`npm run bench -- --only download,client,sandbox`',
    figures: {
      download_ratio_to_curl: {
        target: { atLeast: 0.9 },
        method: "core's downloads against `curl --parallel` and a SHA-256 of each file, 200 files, 8 at a time",
      },
      client_overhead_ratio: {
        target: { atLeast: 0.8 },
        method: "requests a second via core's API client against bare undici",
      },
      sandbox_api_p95_ms_during_render: {
        target: { atMostFigure: 'sandbox_api_p95_ms_idle', times: 1.5, text: 'near idle' },
        method: '`GET /v1/account` every 50 ms while pro videos render, p95; met at ≤ 1.5 × the idle p95',
      },
      sandbox_api_p95_ms_idle: { target: report, method: 'the same probe with nothing rendering' },
      upload_90mb_peak_rss: {
        target: report,
        method: "the client's peak memory in a 90 MB upload (`test/bench/uploadPeakRss.ts`)",
      },
    },
  },
  {
    title: 'Chaos',
    how: '`npm run chaos`; 1,000 paid operations through a faulty relay and a faulty sandbox',
    figures: {
      chaos_intended: { target: report, method: 'operations committed, of every kind' },
      chaos_executed: { target: report, method: 'operations the ledger executed' },
      chaos_charged: { target: { equalsFigure: 'chaos_intended' }, method: 'operations the ledger charged' },
      chaos_credits: { target: report, method: 'credits the ledger charged' },
      chaos_duplicated: { target: { equals: 0 }, method: 'operations charged more than once' },
      chaos_lost: { target: { equals: 0 }, method: 'intended operations never executed' },
      chaos_409s: { target: { equals: 0 }, method: '409 answers in the sandbox log' },
      chaos_downloads_pending: { target: report, method: 'downloads still pending at the end' },
      chaos_library_missing: { target: report, method: 'files the library check missed' },
      chaos_library_orphans: { target: report, method: 'files with no record' },
      chaos_relay_resets: { target: report, method: 'requests reset before the sandbox' },
      chaos_relay_lost_answers: { target: report, method: 'answers dropped after the commit' },
    },
  },
  {
    title: 'Crash',
    how: '`npm run crash`; 200 paid operations, 20 SIGKILLs of core 0.2–1.5 s after each start',
    figures: {
      crash_kills: { target: report, method: 'SIGKILLs of core mid-work' },
      crash_intended: { target: report, method: 'operations committed' },
      crash_executed: { target: report, method: 'operations the ledger executed' },
      crash_charged: { target: { equalsFigure: 'crash_intended' }, method: 'operations charged' },
      crash_duplicated: { target: { equals: 0 }, method: 'operations charged more than once' },
      crash_lost: { target: { equals: 0 }, method: 'intended operations never executed' },
      crash_corrupt: { target: { equals: 0 }, method: '1 when `PRAGMA integrity_check` fails' },
      crash_library_missing: { target: { equals: 0 }, method: 'files the library check missed' },
      crash_library_orphans: { target: report, method: 'files with no record' },
      crash_media_files: { target: report, method: 'media files at the end' },
    },
  },
];

const SPECS = new Map(FIGURE_GROUPS.flatMap((group) => Object.entries(group.figures)));

/** A printed name without its size (`_10k`, `_100k`, `_500`): the name figures are listed under here. */
export function figureFamily(name: string): string {
  return name.replace(/_\d+k?(?=_|$)/g, '');
}

/** The figure's entry here, or null for a name this table does not know. */
export function figureSpec(name: string): FigureSpec | null {
  return SPECS.get(figureFamily(name)) ?? null;
}

/** The target as the runs print it: `<= 16.7`, `>= 0.9`, `0`, `report`. */
export function targetText(name: string): string {
  const target = figureSpec(name)?.target;
  if (!target) return 'no target';
  if ('atMost' in target) return `<= ${target.atMost}`;
  if ('atLeast' in target) return `>= ${target.atLeast}`;
  if ('equals' in target) return String(target.equals);
  if ('equalsFigure' in target) return `= ${target.equalsFigure}`;
  if ('atMostFigure' in target) return target.text;
  if ('contextAtMost' in target) return `context <= ${target.contextAtMost}`;
  return 'report';
}

export type Judgement = 'met' | 'missed' | 'report' | 'not measured';

/** Whether a figure of a run meets its target; `others` are the same run's figures by name. */
export function judge(name: string, value: number | null, others: ReadonlyMap<string, number | null>): Judgement {
  const target = figureSpec(name)?.target ?? { report: true };
  if ('report' in target || 'contextAtMost' in target) return 'report';
  if (value === null) return 'not measured';
  if ('atMost' in target) return value <= target.atMost ? 'met' : 'missed';
  if ('atLeast' in target) return value >= target.atLeast ? 'met' : 'missed';
  if ('equals' in target) return value === target.equals ? 'met' : 'missed';
  const other = others.get(sibling(name, 'equalsFigure' in target ? target.equalsFigure : target.atMostFigure));
  if (other === undefined || other === null) return 'not measured';
  if ('equalsFigure' in target) return value === other ? 'met' : 'missed';
  return value <= other * target.times ? 'met' : 'missed';
}

/**
 * The printed name of a figure named in another's target: `gallery_long_frames_reference` for
 * `gallery_long_frames_10k` is `gallery_long_frames_10k_reference`, the same size's.
 */
function sibling(name: string, other: string): string {
  const family = figureFamily(name);
  return other.startsWith(`${family}_`) ? `${name}${other.slice(family.length)}` : other;
}

/** True when every figure of one run with a target meets it (chaos and crash exit 1 otherwise). */
export function everyTargetMet(figures: readonly { name: string; value: number | null }[]): boolean {
  const byName = new Map(figures.map((f) => [f.name, f.value]));
  return figures.every((f) => {
    const judgement = judge(f.name, f.value, byName);
    return judgement === 'met' || judgement === 'report';
  });
}
