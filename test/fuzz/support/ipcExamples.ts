import fc from 'fast-check';
import type { CommandName } from '../../../shared/ipc/index.ts';

/**
 * For each IPC command, an arbitrary of inputs its schema accepts. They are what the renderer could
 * send; the handler must answer each with a value or a typed error, never a throw. Paths that a
 * handler may write to or read from stay inside `scratch`, and URLs point at a closed local port.
 */
export function validInputs(scratch: string): Partial<Record<CommandName, fc.Arbitrary<unknown>>> {
  const id = fc.oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom('sandbox', '../../etc/passwd', '%00', 'a'.repeat(200)),
  );
  const ids = fc.array(id, { minLength: 1, maxLength: 5 });
  const text = (max: number) => fc.string({ minLength: 1, maxLength: Math.min(max, 60) });
  const deadUrl = fc.constantFrom('https://127.0.0.1:9/', 'https://127.0.0.1:9/cdn/x.png', 'https://localhost:9/v1');
  const nullableQuote = fc.option(fc.uuid(), { nil: null });
  const empty = fc.constant({});
  const path = fc.oneof(
    fc.constantFrom(
      '/etc/passwd',
      '/dev/zero',
      '/proc/self/environ',
      `${scratch}/none.png`,
      `${scratch}/../../x.wav`,
      'relative.png',
      `${scratch}/sample.wav`,
    ),
    fc.string({ minLength: 1, maxLength: 30 }).map((s) => `${scratch}/${s}`),
  );
  const filter = fc.record(
    {
      kinds: fc.array(fc.constantFrom('image', 'video', 'talk', 'audio', 'character', 'voice'), { maxLength: 3 }),
      statuses: fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }),
      characterId: id,
      from: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.string({ maxLength: 10 }),
      ),
      to: fc.string({ maxLength: 10 }),
      favorites: fc.boolean(),
      collectionId: id,
      search: fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('"', 'AND OR NOT', '*', 'NEAR(a b)', "'; DROP TABLE jobs; --", 'a*b"c', '^foo', '💥 ünïcode'),
      ),
      sort: fc.constantFrom('newest', 'oldest'),
    },
    { requiredKeys: [] },
  );
  const character = fc.record({
    name: text(100).filter((s) => s.trim().length > 0),
    parameters: fc.record({ creationType: fc.constantFrom('human', 'fantasy', 'prompt', 'image'), mood: text(500) }, { requiredKeys: [] }),
  });
  const generationBody = fc.record({
    character_id: fc.uuid(),
    type: fc.constantFrom('image', 'video', 'talk'),
    prompt: text(2000),
  });
  return {
    'app.info': empty,
    'app.about': empty,
    'app.notices': empty,
    'app.diagnostics': fc.record({ build: fc.constantFrom(null, 'abc1234'), page: fc.constantFrom(null, 'Chromium 140') }),
    'app.lastCrash': empty,
    'app.dismissCrash': empty,
    'updates.get': empty,
    'updates.check': empty,
    'updates.install': empty,
    'updates.cancelInstall': empty,
    'shell.coreState': empty,
    'shell.restartCore': empty,
    'connection.get': empty,
    'connection.completeOnboarding': empty,
    'profiles.list': empty,
    'profiles.add': fc.record(
      {
        name: text(100),
        baseUrl: deadUrl,
        cdnUrl: deadUrl,
        caPem: fc.constantFrom('', 'not a pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
        apiKey: fc.constantFrom('sk_live_x', `sk_live_${'a'.repeat(64)}`, ''),
      },
      { requiredKeys: ['name', 'baseUrl', 'cdnUrl'] },
    ),
    'profiles.activate': fc.record({ id }),
    'profiles.remove': fc.record({ id }),
    'profiles.setKey': fc.record({ id, apiKey: fc.oneof(text(200), fc.constant(`sk_live_${'b'.repeat(64)}`)) }),
    'profiles.removeKey': fc.record({ id }),
    'profiles.test': fc.record({ id }),
    'profiles.setKeyRetention': fc.record({ id, seconds: fc.integer({ min: 0, max: 7 * 24 * 3_600 }) }),
    'service.describe': empty,
    'capabilities.get': empty,
    'account.get': empty,
    'account.usage': fc.record(
      { cursor: fc.option(fc.string({ maxLength: 30 }), { nil: null }), limit: fc.integer({ min: 1, max: 100 }) },
      { requiredKeys: [] },
    ),
    'account.spendByDay': fc.record({ days: fc.integer({ min: 1, max: 365 }) }),
    'quotes.price': fc.record(
      {
        operationId: fc.constantFrom('generations.create.v1', 'characters.create.v1', 'nope.v1', 'x'),
        input: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        target: fc.record({ character_id: fc.string({ maxLength: 40 }) }),
      },
      { requiredKeys: ['operationId', 'input'] },
    ),
    'quotes.get': fc.record({ id }),
    'characters.list': fc.record({ search: fc.string({ maxLength: 100 }) }, { requiredKeys: [] }),
    'characters.get': fc.record({ id }),
    'characters.create': fc.record({ body: character, quoteId: nullableQuote }),
    'characters.regenerate': fc.record({ id, customDetails: fc.string({ maxLength: 1000 }), quoteId: nullableQuote }),
    'characters.revert': fc.record({ id }),
    'characters.delete': fc.record({ id }),
    'generations.create': fc.record(
      { body: generationBody, quoteId: nullableQuote, speech: fc.record({ voice_id: fc.string({ maxLength: 40 }), text: text(5000) }) },
      { requiredKeys: ['body', 'quoteId'] },
    ),
    'library.query': fc.record({ filter, offset: fc.integer({ min: 0, max: 1_000_000 }), limit: fc.integer({ min: 1, max: 500 }) }),
    'library.ids': fc.record({ filter }),
    'library.get': fc.record({ id }),
    'library.setFavorite': fc.record({ ids, favorite: fc.boolean() }),
    'library.delete': fc.record({ ids }),
    'library.export': fc.record(
      { ids, destination: fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${scratch}/export-${s.replace(/[/\\]/g, '_')}`) },
      { requiredKeys: ['ids'] },
    ),
    'library.cancelExport': fc.record({ exportId: fc.stringMatching(/^[0-9A-Za-z-]{1,64}$/) }),
    'library.check': empty,
    'library.refetch': empty,
    'library.fetchMedia': fc.record({ ids: fc.array(id, { minLength: 1, maxLength: 20 }), role: fc.constantFrom('output', 'thumbnail') }),
    'library.stats': empty,
    'collections.list': empty,
    'collections.create': fc.record({ name: text(100) }),
    'collections.addItems': fc.record({ id, itemIds: ids }),
    'collections.removeItems': fc.record({ id, itemIds: ids }),
    'voices.list': empty,
    'voices.clone': fc.record({
      body: fc.record({ name: text(100).filter((s) => s.trim().length > 0), source_url: deadUrl, setup_mode: fc.constant('voice_clone') }),
      quoteId: nullableQuote,
    }),
    'audio.list': fc.record({ voiceId: fc.string({ maxLength: 40 }) }, { requiredKeys: [] }),
    'audio.create': fc.record({ body: fc.record({ voice_id: fc.uuid(), text: text(5000) }), quoteId: nullableQuote }),
    'audio.delete': fc.record({ id }),
    'uploads.create': fc.record({
      fileName: text(255),
      contentType: fc.constantFrom('image/png', 'audio/wav', 'text/html', 'image/svg+xml', 'x'),
      dataBase64: fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('base64')),
        fc.constantFrom('', '!!!not base64!!!', '===='),
      ),
    }),
    'uploads.fromPath': fc.record({ path }),
    'jobs.list': empty,
    'jobs.paidInFlight': empty,
    'jobs.pause': empty,
    // Resuming would send the paid intents the fuzz queued; the run keeps the queue paused.
    'jobs.resume': empty,
    'jobs.cancel': fc.record({ id }),
    'jobs.retry': fc.record({ id, quoteId: nullableQuote }),
    'jobs.price': fc.record({ id }),
    'jobs.decide': fc.record({ id, choice: fc.constantFrom('wait', 'done') }),
    'jobs.sendAgain': fc.record({ id, quoteId: nullableQuote }),
    'settings.get': empty,
    'settings.set': fc.record(
      {
        autoDownload: fc.boolean(),
        notifications: fc.boolean(),
        theme: fc.constantFrom('system', 'light', 'dark'),
        autoUpdate: fc.boolean(),
        updateChannel: fc.constantFrom('stable', 'beta'),
        libraryPath: fc.string({ maxLength: 20 }).map((s) => `${scratch}/library-${s.replace(/[/\\]/g, '_')}`),
      },
      { requiredKeys: [] },
    ),
    'shell.startDrag': fc.record({ mediaId: id, fileName: fc.string({ maxLength: 255 }) }, { requiredKeys: ['mediaId'] }),
    'shell.showInFolder': fc.record({ mediaId: id }),
    'shell.saveAs': fc.record({ mediaId: id, fileName: fc.string({ maxLength: 255 }) }, { requiredKeys: ['mediaId'] }),
    'shell.openFolder': fc.record({ folder: fc.constantFrom('data', 'logs') }),
    'shell.openExternal': fc.record({ url: fc.constantFrom('https://127.0.0.1:9/help', 'https://example.invalid/') }),
    'shell.noticeWords': fc.record({
      ready: fc.string({ maxLength: 300 }),
      readyUnnamed: fc.string({ maxLength: 300 }),
      open: fc.string({ maxLength: 300 }),
    }),
    'window.focusChanged': fc.record({ focused: fc.boolean() }),
  };
}

/** Values a payload may be over IPC (structured clone) or the WebSocket bridge (JSON), and worse. */
export const anyPayload: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    maxDepth: 3,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
  fc.constantFrom(
    undefined,
    null,
    NaN,
    -0,
    Infinity,
    '',
    [],
    'constructor',
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
  ),
);

/** One field of a valid input made wrong: another type, removed, an extra key, an oversize string. */
export function mutate(valid: unknown): fc.Arbitrary<unknown> {
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return anyPayload;
  const record = valid as Record<string, unknown>;
  const keys = Object.keys(record);
  const wrong = fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 5 }),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.constant({}),
    fc.constant('x'.repeat(300_000)),
    fc.double(),
  );
  const options: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !keys.includes(k)),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([k, v]) => ({ ...record, [k]: v })),
  ];
  if (keys.length) {
    options.push(fc.tuple(fc.constantFrom(...keys), wrong).map(([k, v]) => ({ ...record, [k]: v })));
    options.push(fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(record).filter(([key]) => key !== k))));
    const nested = keys.filter((k) => record[k] !== null && typeof record[k] === 'object' && !Array.isArray(record[k]));
    if (nested.length) options.push(fc.constantFrom(...nested).chain((k) => mutate(record[k]).map((inner) => ({ ...record, [k]: inner }))));
  }
  return fc.oneof(...options);
}
