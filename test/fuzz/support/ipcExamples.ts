import fc from 'fast-check';
import { EMOTIONS } from '../../../shared/api/voiceOptions.ts';
import { QUALITIES } from '../../../shared/api/optionValues.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import type { CommandName } from '../../../shared/ipc/index.ts';
import { SCENE_EXPORT_CHUNK_BYTES } from '../../../shared/ipc/sceneExportChunks.ts';
import { SCENE_ASPECTS } from '../../../shared/ipc/sceneSettings.ts';
import { SCREENS } from '../../../shared/ipc/screens.ts';
import { SPACE_INPUT_LIMITS } from '../../../shared/ipc/spaces.ts';
import { MAX_TEXT_CHANGES } from '../../../shared/scenes/textChanges.ts';

/** A scene line's fields other than its id and kind, all empty. */
export const BLANK_LINE = { characterId: null, voiceId: null, text: '', emotion: null, talk: null, clipItemId: null };

/** Ids core holds when the fuzz starts (a scene and its lines), so inputs reach past `not_found`. */
export type KnownIds = { sceneIds?: readonly string[]; lineIds?: readonly string[] };

/**
 * For each IPC command, an arbitrary of inputs its schema accepts. They are what the renderer could
 * send; the handler must answer each with a value or a typed error, never a throw. Paths that a
 * handler may write to or read from stay inside `scratch`, and URLs point at a closed local port.
 */
export function validInputs(scratch: string, known: KnownIds = {}): Partial<Record<CommandName, fc.Arbitrary<unknown>>> {
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
      kinds: fc.array(fc.constantFrom('image', 'video', 'talk', 'character_create', 'audio'), { maxLength: 3 }),
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
  const scenes = sceneInputs(scratch, id, known);
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
      { body: generationBody, quoteId: nullableQuote, speech: fc.record({ voice_id: fc.uuid(), text: text(5000) }) },
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
        language: fc.constantFrom('system', 'en', 'ar', 'en-XA'),
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
    'window.focusChanged': fc.record({ focused: fc.boolean() }),
    'app.screenShown': fc.record({ screen: fc.constantFrom(...SCREENS) }),
    'account.spendByCharacter': fc.record({ days: fc.oneof(fc.constantFrom(1, 365), fc.integer({ min: 1, max: 365 })) }),
    'profiles.check': fc.record(
      {
        baseUrl: deadUrl,
        cdnUrl: deadUrl,
        caPem: fc.constantFrom('', 'not a pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
        apiKey: fc.constantFrom('sk_live_x', `sk_live_${'a'.repeat(64)}`, '', 'k'.repeat(200)),
      },
      { requiredKeys: ['baseUrl', 'cdnUrl'] },
    ),
    'profiles.setBillingUrl': fc.record({
      id,
      billingUrl: fc.option(
        fc.constantFrom('https://127.0.0.1:9/billing', 'http://localhost:9/?q=%3Cscript%3E', 'https://127.0.0.1:9/#top'),
        {
          nil: null,
        },
      ),
    }),
    'library.health': empty,
    'library.diskSpace': empty,
    'library.checkIntegrity': empty,
    'library.repair': empty,
    // The embedded sandbox's admin API: in the fuzz its port is closed.
    'sandbox.get': empty,
    'sandbox.decideQuote': fc.record({ id, decision: fc.constantFrom('approve', 'reject') }),
    'sandbox.addCredits': fc.record({ amount: fc.oneof(fc.constantFrom(1, 1_000_000), fc.integer({ min: 1, max: 1_000_000 })) }),
    'sandbox.setPlan': fc.record({ plan: fc.constantFrom('free', 'creator', 'studio') }),
    'sandbox.setSpeed': fc.record({ speed: fc.constantFrom('fast', 'realtime') }),
    // Answered by the browser host's bridge, not core: not_available here.
    'shell.listSessions': empty,
    'shell.endSession': fc.record({ id }),
    ...scenes,
    'spaces.status': empty,
    'spaces.leave': empty,
    'spaces.join': fc.record({
      // Addresses a join may take (or refuse): every one that could reach a server is on a closed local port.
      serverUrl: fc.constantFrom(
        'https://127.0.0.1:9',
        'http://127.0.0.1:9/sync/',
        'http://localhost:9',
        '  https://[::1]:9  ',
        'http://example.invalid:9',
        'https://user:pw@127.0.0.1:9',
        'https://127.0.0.1:9/?code=x',
        'ftp://127.0.0.1:9',
        'not a url',
        '../../etc/passwd',
        `https://127.0.0.1:9/${'a'.repeat(SPACE_INPUT_LIMITS.serverUrl - 'https://127.0.0.1:9/'.length)}`,
      ),
      joinCode: fc.oneof(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
        fc.constantFrom('c'.repeat(SPACE_INPUT_LIMITS.joinCode), ' code ', '../x', '💥'.repeat(50), 'a\u0000b'),
      ),
    }),
  };
}

/** The scene commands' inputs; `id` is the file's hostile id (missing, `../`, 200 characters). */
function sceneInputs(scratch: string, id: fc.Arbitrary<string>, known: KnownIds): Partial<Record<CommandName, fc.Arbitrary<unknown>>> {
  const sceneId = known.sceneIds?.length ? fc.oneof(fc.constantFrom(...known.sceneIds), id) : id;
  const lineUuid = known.lineIds?.length ? fc.oneof(fc.constantFrom(...known.lineIds), fc.uuid()) : fc.uuid();
  const lineId = fc.oneof(lineUuid, id);
  const exportId = fc.oneof(fc.uuid(), fc.constantFrom('-', 'x'.repeat(64), 'CON', '0'));
  const maxText = LIMITS.audioText.max;
  const words = fc.oneof(
    { arbitrary: fc.string({ maxLength: 60 }), weight: 4 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
    // At the limit, in astral characters (two UTF-16 units each) and with a right-to-left override.
    { arbitrary: fc.constantFrom('a'.repeat(maxText), '💥'.repeat(maxText / 2), '\u202eevil', '\u0000'), weight: 1 },
  );
  const title = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('t'.repeat(200), 'é'.repeat(200), '../../scene', '\u202e', ''));
  const optionText = fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constant('e'.repeat(LIMITS.generationOptionText.max)));
  const settingText = fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constant('s'.repeat(LIMITS.speechSettingText.max)));
  const line = fc.record({
    id: lineUuid,
    kind: fc.constantFrom('talk', 'speech', 'clip'),
    characterId: fc.option(id, { nil: null }),
    voiceId: fc.option(id, { nil: null }),
    text: words,
    emotion: fc.option(fc.constantFrom(...EMOTIONS), { nil: null }),
    talk: fc.option(
      fc.record(
        {
          duration: fc.integer({ min: LIMITS.generationDuration.min, max: LIMITS.generationDuration.max }),
          expression: optionText,
          quality: fc.constantFrom(...QUALITIES),
        },
        { requiredKeys: [] },
      ),
      { nil: null },
    ),
    clipItemId: fc.option(id, { nil: null }),
  });
  // A few lines, the same line twice (the schema does not forbid it), or the most a scene takes.
  const manyLines = Array.from({ length: 1000 }, (_v, i) => ({
    ...BLANK_LINE,
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    kind: 'speech',
  }));
  const lines = fc.oneof(
    { arbitrary: fc.array(line, { maxLength: 4 }), weight: 8 },
    { arbitrary: line.map((l) => [l, l]), weight: 1 },
    { arbitrary: fc.constant(manyLines), weight: 1 },
  );
  const lineIds = fc.array(lineId, { maxLength: 5 });
  // Changes that fit their base: ascending, apart, inside it, each doing something.
  const textEdit = words.chain((base) =>
    fc
      .array(fc.tuple(fc.nat(), fc.nat(), fc.string({ unit: 'grapheme', maxLength: 8 })), { minLength: 1, maxLength: MAX_TEXT_CHANGES })
      .map((steps) => {
        const changes: { at: number; remove: number; insert: string }[] = [];
        let from = 0;
        for (const [gap, cut, insert] of steps) {
          if (from > base.length) break;
          const at = from + (gap % (base.length - from + 1));
          const remove = cut % (base.length - at + 1);
          changes.push({ at, remove, insert: remove === 0 && insert === '' ? 'x' : insert });
          from = at + remove + 1;
        }
        return { base, changes };
      }),
  );
  const join = fc.record({
    remuxed: fc.boolean(),
    lines: fc.oneof(
      fc.array(fc.record({ lineId, durationMs: fc.integer({ min: 1, max: 3_600_000 }) }), { minLength: 1, maxLength: 5 }),
      fc.constant(Array.from({ length: 1000 }, (_v, i) => ({ lineId: manyLines[i]?.id ?? 'x', durationMs: 3_600_000 }))),
    ),
    width: fc.oneof(fc.constantFrom(1, 8192), fc.integer({ min: 1, max: 8192 })),
    height: fc.oneof(fc.constantFrom(1, 8192), fc.integer({ min: 1, max: 8192 })),
    frameRate: fc.oneof(fc.constantFrom(1, 240, 29.97), fc.double({ min: 1, max: 240, noNaN: true })),
  });
  const destination = fc.oneof(
    fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${scratch}/scene-${s.replace(/[/\\]/g, '_')}`),
    fc.constantFrom(`${scratch}/a/../scene-up`, `${scratch}/${'d'.repeat(200)}`),
  );
  // The page's words an export writes as names: any with a letter or a digit, in any script, with separators, at the limit.
  const exportName = fc.oneof(
    fc.string({ maxLength: 40 }).map((s) => `n${s}`),
    fc.constantFrom('無題のシーン', 'مشهد بلا عنوان', '../../x', 'a:b*c?"<>|', ' .\u202ex. ', 'x\u0000', 'e'.repeat(80)),
  );
  const exportNames = fc.record({
    untitled: exportName,
    clipsFolder: exportName,
    narrator: exportName,
    someone: exportName,
    clip: exportName,
  });
  const chunkChars = Math.ceil(SCENE_EXPORT_CHUNK_BYTES / 3) * 4;
  const base64 = fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b).toString('base64')),
    fc.constantFrom('!!!not base64!!!', '====', 'A', 'A'.repeat(chunkChars)),
  );
  return {
    'cast.voices': fc.constant({}),
    'cast.setVoice': fc.record(
      {
        characterId: id,
        voiceId: fc.option(id, { nil: null }),
        settings: fc.record(
          {
            emotion: fc.constantFrom(...EMOTIONS),
            speaker: settingText,
            voice_description: settingText,
            style_instruction: settingText,
            language: fc.oneof(
              fc.constantFrom('en', 'pt-BR', 'zh-Hans-CN', 'x'.repeat(LIMITS.speechLanguage.max)),
              fc.string({ minLength: LIMITS.speechLanguage.min, maxLength: 10 }),
            ),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['characterId', 'voiceId'] },
    ),
    'scenes.list': fc.constant({}),
    'scenes.get': fc.record({ id: sceneId }),
    'scenes.create': fc.record({ title }, { requiredKeys: [] }),
    'scenes.update': fc.record(
      {
        id: sceneId,
        title,
        aspect: fc.constantFrom(...SCENE_ASPECTS),
        quality: fc.constantFrom(...QUALITIES),
        lines,
        seenLineIds: fc.array(lineId, { maxLength: 6 }),
      },
      { requiredKeys: ['id'] },
    ),
    'scenes.editLineText': fc
      .tuple(sceneId, lineUuid, textEdit)
      .map(([scene, lineUuidValue, edit]) => ({ sceneId: scene, lineId: lineUuidValue, ...edit })),
    'scenes.presence': fc.record({ sceneId: fc.option(sceneId, { nil: null }), lineId: fc.option(lineUuid, { nil: null }) }),
    // Known scenes stay for the commands after this one; a removal is tried on the others.
    'scenes.delete': fc.record({ id }),
    'scenes.duplicate': fc.record({ id: sceneId, title }, { requiredKeys: ['id'] }),
    'scenes.queueGroups': fc.record({
      sceneIds: fc.oneof(fc.array(sceneId, { maxLength: 6 }), fc.constant(Array.from({ length: 500 }, (_v, i) => `scene-${i}`))),
    }),
    'scenes.price': fc.record({ id: sceneId, lineIds }, { requiredKeys: ['id'] }),
    // The queue stays paused in the fuzz: lines queued here are never sent.
    'scenes.render': fc.record({ id: sceneId, lineIds }, { requiredKeys: ['id'] }),
    'scenes.exportChunk': fc.record({
      exportId,
      // Past the most one export may stage (16 GiB) is refused before anything is written.
      position: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 2 ** 34 + 1, 64 * 1024 ** 3)),
      dataBase64: base64,
    }),
    'scenes.export': fc.record(
      {
        id: sceneId,
        exportId,
        destination,
        formats: fc.array(fc.constantFrom('mp4', 'srt', 'vtt', 'fcpxml', 'otio'), { minLength: 1, maxLength: 5 }),
        join,
        names: exportNames,
      },
      { requiredKeys: ['id', 'exportId', 'join', 'names'] },
    ),
    'scenes.cancelExport': fc.record({ exportId }),
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
