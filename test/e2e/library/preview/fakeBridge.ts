import { DEFAULT_CAPABILITIES, type CreditTransaction } from '../../../../shared/api/index.ts';
import type {
  Bridge,
  Collection,
  CommandInput,
  CommandName,
  CommandOutput,
  EventName,
  EventPayload,
  Job,
  LibraryFilter,
  LibraryItem,
  LibraryKind,
  Reply,
  VoiceView,
} from '../../../../shared/ipc/index.ts';

/**
 * A bridge that answers from memory, for looking at and measuring the library screens without a
 * core: 100,000 library items (or `?items=N`), voices, jobs, transactions. Used by the preview page
 * (galleryScale.test.ts); the end-to-end tests run against the real browser host and sandbox.
 */

const params = new URLSearchParams(window.location.search);
const ITEM_COUNT = Number(params.get('items') ?? 100_000);
const OFFLINE = params.get('offline') === '1';
/** `?health=damaged` or `rebuilt`: the library banner says so (`rebuilt` with jobs put back and one unreadable). */
const HEALTH = params.get('health');
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12);
const KINDS: LibraryKind[] = ['image', 'image', 'video', 'talk', 'audio', 'image', 'character_create'];
const CHARACTERS = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Mira Vale' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Captain Oro' },
  { id: '33333333-3333-4333-8333-333333333333', name: 'Juniper' },
];
const WORDS = ['neon', 'harbor', 'sunrise', 'portrait', 'forest', 'rain', 'studio', 'desert', 'city', 'ocean', 'library', 'castle'];

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function makeItem(index: number): LibraryItem {
  const kind = KINDS[index % KINDS.length] ?? 'image';
  const character = CHARACTERS[index % CHARACTERS.length] ?? CHARACTERS[0];
  const words = [WORDS[index % WORDS.length], WORDS[(index * 7) % WORDS.length], WORDS[(index * 3 + 1) % WORDS.length]].join(' ');
  const status = index % 97 === 5 ? 'failed' : index % 53 === 3 ? 'processing' : kind === 'audio' ? 'ready' : 'completed';
  const finished = status === 'completed' || status === 'ready';
  const downloaded = finished && index % 41 !== 7;
  const created = new Date(NOW - index * 37 * 60_000).toISOString();
  return {
    id: uuid(index + 1),
    kind,
    status,
    title: kind === 'audio' ? `Line ${index + 1}: ${words}` : kind === 'character_create' ? (character?.name ?? '') : `A ${words} scene`,
    prompt: kind === 'audio' ? null : `${character?.name} in a ${words} setting, soft light, 35mm`,
    characterId: kind === 'audio' ? null : (character?.id ?? null),
    characterName: kind === 'audio' ? null : (character?.name ?? null),
    model: kind === 'audio' ? 'voice-model-a' : `${kind === 'talk' ? 'talk' : kind === 'video' ? 'video' : 'image'}-model-a`,
    options:
      kind === 'audio'
        ? { voice_id: PRESETS[0]?.id, emotion: 'happy' }
        : kind === 'image'
          ? { aspect_ratio: '9:16', style: 'editorial', hd: index % 2 === 0 }
          : { duration: 5, quality: 'pro' },
    creditsUsed: finished ? ([4, 8, 12, 20][index % 4] ?? 4) : null,
    mediaId: finished ? (kind === 'audio' ? 'speech.wav' : `thumb-${index % 12}.svg`) : null,
    thumbId: finished && kind !== 'audio' ? `thumb-${index % 12}.svg` : null,
    mediaType: finished ? (kind === 'audio' ? 'audio/wav' : 'image/svg+xml') : null,
    downloaded,
    favorite: favorites.has(uuid(index + 1)) || index % 29 === 0,
    collections: index % 3 === 0 ? [`col-char-${index % CHARACTERS.length}`] : [],
    errorMessage: status === 'failed' ? 'The service could not finish this generation. Nothing was charged.' : null,
    createdAt: created,
    completedAt: finished ? new Date(NOW - index * 37 * 60_000 + 45_000).toISOString() : null,
    remoteUrl: null,
  };
}

const favorites = new Set<string>();
const deleted = new Set<string>();
const collections: Collection[] = [
  ...CHARACTERS.map((character, index) => ({
    id: `col-char-${index}`,
    name: character.name,
    characterId: character.id,
    count: Math.ceil(ITEM_COUNT / 9),
  })),
  { id: 'col-1', name: 'Launch campaign', characterId: null, count: 0 },
];
// previewMediaId names a file under mediaBase (./media/); the last preset's is still downloading.
const PRESETS: VoiceView[] = ['Aria', 'Basil', 'Coral', 'Dune'].map((name, index) => ({
  id: uuid(900 + index),
  name,
  status: 'ready',
  source_type: 'preset',
  owner: 'system',
  model: index % 2 ? 'voice-model-b' : 'voice-model-a',
  preview_url: './media/speech.wav',
  previewMediaId: index === 3 ? null : 'speech.wav',
  description: `A ${['bright', 'deep', 'warm', 'dry'][index]} preset voice.`,
}));
const VOICES: VoiceView[] = [
  {
    id: uuid(800),
    name: 'Narrator (mine)',
    status: 'ready',
    source_type: 'cloned',
    owner: 'me',
    model: 'voice-model-a',
    preview_url: './media/speech.wav',
    previewMediaId: 'speech.wav',
    description: 'Cloned from a studio recording.',
  },
  {
    id: uuid(801),
    name: 'Team announcer',
    status: 'processing',
    source_type: 'designed',
    owner: 'team',
    model: 'voice-model-b',
    preview_url: null,
    previewMediaId: null,
  },
];
const JOB_STATES: Job['state'][] = [
  'processing',
  'queued',
  'waiting_connection',
  'paused',
  'sending',
  'done',
  'failed',
  'cancelled',
  'done',
  'done',
];
const jobs: Job[] = JOB_STATES.map((state, index) => ({
  id: `job-${index}`,
  kind: index === 2 ? 'audio.create' : index === 3 ? 'generation.create' : 'generation.create',
  state,
  title:
    index === 2
      ? { what: 'speech', subject: 'Welcome back' }
      : index === 3
        ? { what: 'talk', subject: 'Mira Vale' }
        : { what: 'image', subject: `${CHARACTERS[index % 3]?.name}: ${WORDS[index]}` },
  quotedCredits: [8, 12, 4, 20][index % 4] ?? 8,
  creditsUsed: state === 'done' || state === 'processing' ? ([8, 12, 4, 20][index % 4] ?? 8) + (index === 8 ? 2 : 0) : null,
  creditsRefunded: null,
  resourceKind: 'generation',
  resourceId: state === 'failed' ? uuid(6) : null,
  dependsOn: index === 3 ? 'job-2' : null,
  retryOf: null,
  attempts: state === 'queued' || state === 'paused' ? 0 : 1,
  progress: state === 'processing' ? 0.4 : null,
  error: state === 'failed' ? { code: 'service_unavailable', params: {} } : null,
  createdAt: new Date(NOW - index * 600_000).toISOString(),
  updatedAt: new Date(NOW - index * 600_000).toISOString(),
}));
let paused = false;

let all: LibraryItem[] | null = null;
function items(): LibraryItem[] {
  all ??= Array.from({ length: ITEM_COUNT }, (_, index) => makeItem(index));
  return all.filter((item) => !deleted.has(item.id)).map((item) => (favorites.has(item.id) ? { ...item, favorite: true } : item));
}

function matches(item: LibraryItem, filter: LibraryFilter): boolean {
  if (filter.kinds?.length && !filter.kinds.includes(item.kind)) return false;
  if (filter.statuses?.length && !filter.statuses.includes(item.status)) return false;
  if (filter.characterId && item.characterId !== filter.characterId) return false;
  if (filter.from && item.createdAt < filter.from) return false;
  if (filter.to && item.createdAt > filter.to) return false;
  if (filter.favorites && !item.favorite) return false;
  if (filter.collectionId && !item.collections.includes(filter.collectionId)) return false;
  if (filter.search) {
    const text = `${item.title} ${item.prompt ?? ''}`.toLowerCase();
    if (
      !filter.search
        .toLowerCase()
        .split(/\s+/)
        .every((word) => text.includes(word))
    )
      return false;
  }
  return true;
}

function filtered(filter: LibraryFilter): LibraryItem[] {
  const list = items().filter((item) => matches(item, filter));
  return filter.sort === 'oldest' ? list.reverse() : list;
}

const transactions: CreditTransaction[] = Array.from({ length: 230 }, (_, index) => ({
  id: uuid(5000 + index),
  amount: index % 17 === 0 ? 500 : -([4, 8, 12, 20][index % 4] ?? 4),
  type: index % 17 === 0 ? 'purchase' : 'usage',
  description: index % 17 === 0 ? 'Credit pack' : `${['Image', 'Video', 'Talk clip', 'Speech'][index % 4]} generation`,
  created_at: new Date(NOW - index * 3.1 * 3_600_000).toISOString(),
  balance_after: 4200 - index * 7,
}));

type Handler = (input: never) => unknown;
const handlers: Partial<Record<CommandName, Handler>> = {
  'app.info': () => ({
    version: '0.1.0-preview',
    ipcVersion: 1,
    platform: 'linux',
    mediaBase: './media/',
    host: 'browser',
    startScreen: null,
    preferencesReset: null,
  }),
  'app.screenShown': () => ({ ok: true }),
  'connection.get': () => connection(),
  'settings.get': () => settings,
  'settings.set': (input: Partial<typeof settings>) => Object.assign(settings, input),
  'capabilities.get': () => DEFAULT_CAPABILITIES,
  'account.get': () => ({
    id: uuid(1),
    email: 'mira@example.com',
    name: 'Mira Creator',
    avatar_url: 'https://example.com/a.png',
    credits: { balance: 4200 },
    subscription: { plan: 'creator', status: 'active', current_period_end: new Date(NOW + 12 * DAY).toISOString() },
    created_at: new Date(NOW - 300 * DAY).toISOString(),
  }),
  'account.usage': (input: { cursor?: string | null; limit?: number }) => {
    const start = Number(input.cursor ?? 0);
    const limit = input.limit ?? 50;
    const page = transactions.slice(start, start + limit);
    return { items: page, nextCursor: start + limit < transactions.length ? String(start + limit) : null };
  },
  'account.spendByDay': () => {
    const rows: { day: string; kind: string; credits: number }[] = [];
    for (let back = 0; back < 30; back += 1) {
      const day = new Date(NOW - back * DAY).toISOString().slice(0, 10);
      for (const [at, kind] of ['image', 'video', 'talk', 'audio'].entries()) {
        const credits = ((back * 7 + at * 13) % 23) * (at + 1);
        if (credits > 0 && (back + at) % 3 !== 0) rows.push({ day, kind, credits });
      }
    }
    return rows;
  },
  'account.spendByCharacter': () => [
    { characterId: 'mira', name: 'Mira', credits: 184 },
    { characterId: 'oren', name: 'Oren', credits: 96 },
    { characterId: null, name: null, credits: 41 },
  ],
  'characters.list': () => [],
  'jobs.list': () => ({
    jobs,
    paused,
    pendingCredits: jobs
      .filter((job) => ['queued', 'paused', 'sending', 'waiting_connection'].includes(job.state))
      .reduce((sum, job) => sum + (job.quotedCredits ?? 0), 0),
  }),
  'jobs.pause': () => ((paused = true), { ok: true }),
  'jobs.resume': () => ((paused = false), { ok: true }),
  'jobs.cancel': (input: { id: string }) => {
    const job = jobs.find((each) => each.id === input.id);
    if (job) job.state = 'cancelled';
    return job;
  },
  'jobs.retry': (input: { id: string }) => {
    const job = jobs.find((each) => each.id === input.id);
    if (job) job.state = 'queued';
    return job;
  },
  'library.query': (input: { filter: LibraryFilter; offset: number; limit: number }) => {
    const list = filtered(input.filter);
    return { items: list.slice(input.offset, input.offset + input.limit), total: list.length };
  },
  'library.ids': (input: { filter: LibraryFilter }) => filtered(input.filter).map((item) => item.id),
  'library.get': (input: { id: string }) => items().find((item) => item.id === input.id),
  'library.setFavorite': (input: { ids: string[]; favorite: boolean }) => {
    for (const id of input.ids)
      if (input.favorite) favorites.add(id);
      else favorites.delete(id);
    return { ok: true };
  },
  'library.delete': (input: { ids: string[] }) => {
    for (const id of input.ids) deleted.add(id);
    return { deleted: input.ids.length, failed: [] };
  },
  'library.export': (input: { ids: string[]; destination?: string }) => ({
    exported: input.ids.length,
    folder: input.destination ?? '/home/mira/Cast Studio/Exports/2026-11-21',
    cancelled: false,
  }),
  'library.stats': () => ({ items: ITEM_COUNT, bytes: 18_734_221_312, path: '/home/mira/.config/Cast Studio/library' }),
  'library.health': () => libraryHealth(),
  'library.check': () => ({ missing: 2, orphans: 1, refetched: 2, removed: 1, pending: 0, failed: 0 }),
  'collections.list': () => collections,
  'collections.create': (input: { name: string }) => {
    const made = { id: `col-${collections.length + 1}`, name: input.name, characterId: null, count: 0 };
    collections.push(made);
    return made;
  },
  'collections.addItems': () => ({ ok: true }),
  'voices.list': () => ({ voices: VOICES, presets: PRESETS }),
  'jobs.price': () => ({
    quoteId: `quote-${Date.now()}`,
    credits: 12,
    approvalRequired: false,
    approvalState: null,
    expiresAt: new Date(NOW + 900_000).toISOString(),
    balance: 4200,
    covered: true,
  }),
  'quotes.price': () => ({
    quoteId: `quote-${Date.now()}`,
    credits: 12,
    approvalRequired: false,
    approvalState: null,
    expiresAt: new Date(NOW + 900_000).toISOString(),
    balance: 4200,
    covered: true,
  }),
  'profiles.list': () => [connection().profile, { ...remoteProfile }],
  'profiles.test': () => ({
    ok: false,
    status: 'plan_required',
    problem: 'plan_inactive',
    host: 'api.example.com',
    detail: null,
    serviceMessage: null,
    accountName: 'Mira',
    plan: 'free',
    balance: 0,
  }),
};

const settings = {
  autoDownload: true,
  notifications: true,
  theme: 'system' as 'system' | 'light' | 'dark',
  libraryPath: '/home/mira/.config/Cast Studio/library',
};
const sandboxProfile = {
  id: 'sandbox',
  kind: 'sandbox' as const,
  name: 'Sandbox',
  baseUrl: 'https://127.0.0.1:48123',
  cdnUrl: 'https://127.0.0.1:48124',
  hasCustomCa: false,
  keyState: 'ok' as const,
  keyPrefix: 'sk_live_5a1b',
  keyLastUsedAt: null,
  active: true,
};
const remoteProfile = {
  id: 'remote-1',
  kind: 'remote' as const,
  name: 'Studio service',
  baseUrl: 'https://api.example.com',
  cdnUrl: 'https://cdn.example.com',
  hasCustomCa: true,
  keyState: 'needs_new_key' as const,
  keyPrefix: 'sk_live_9f3c',
  keyLastUsedAt: new Date(NOW - 3 * DAY).toISOString(),
  active: false,
};
function libraryHealth() {
  const movedTo = '/home/mira/.config/Cast Studio/library.damaged-2026-11-21.db';
  if (HEALTH === 'damaged') return { state: 'damaged', notice: 'damaged', movedTo: null, rebuilt: null, salvage: null };
  if (HEALTH === 'rebuilt') {
    return { state: 'ok', notice: 'rebuilt', movedTo, rebuilt: { items: 1284, relinked: 1190 }, salvage: { recovered: 3, unreadable: 1 } };
  }
  return { state: 'ok', notice: null, movedTo: null, rebuilt: null, salvage: null };
}

function connection() {
  return {
    profile: sandboxProfile,
    online: !OFFLINE,
    problem: OFFLINE ? { reason: 'unreachable', kind: 'sandbox' } : null,
    onboarded: true,
  };
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();

export const fakeBridge: Bridge = {
  async invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<Reply<CommandOutput<C>>> {
    const handler = handlers[command];
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!handler) return { ok: false, error: { code: 'not_available', params: { what: 'command' } } };
    return { ok: true, value: handler(input as never) as CommandOutput<C> };
  },
  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
    const set = listeners.get(event) ?? new Set();
    set.add(handler as (payload: unknown) => void);
    listeners.set(event, set);
    return () => set.delete(handler as (payload: unknown) => void);
  },
};
