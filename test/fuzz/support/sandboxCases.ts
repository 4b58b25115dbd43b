import fc from 'fast-check';
import { AspectRatio, CreationType, Emotion, GenerationType, ImageMode, Plan, SetupMode, VoiceModel } from '../../../shared/api/index.ts';

/**
 * Generated requests to the sandbox that must all be refused: each is a valid request broken in
 * exactly one way (a field, the JSON text, a header, the target), so a 2xx is a finding, not luck.
 */

export type Fixtures = {
  port: number;
  /** The attacker: a creator with credits, a ready character, uploads and a quote of its own. */
  key: string;
  session: string;
  characterId: string;
  pngUrl: string;
  wavUrl: string;
  presetVoiceId: string;
  /** A quote of the attacker's for another operation (so naming it is a mismatch). */
  quoteId: string;
  /** The Idempotency-Key of the attacker's character request (reusing it with other bytes is 409). */
  usedIdempotencyKey: string;
  /** Keys of the attacker that must be refused: revoked, lacking scopes. And a user without a plan. */
  revokedKey: string;
  videoOnlyKey: string;
  freeUserKey: string;
  /** The victim: another user whose resources the attacker must not reach. */
  victim: { userId: string; characterId: string; generationId: string; pngUrl: string; wavUrl: string; quoteId: string; keyId: string };
  admin: string;
};

/** refused: a 4xx; webhook: the spec's 503 webhook refusal; harmless: any answer below 500 (reads). */
export type Expect = 'refused' | 'webhook' | 'harmless';

export type Case = {
  label: string;
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer | string;
  contentLength?: boolean;
  expect: Expect;
};

type Auth = 'key' | 'session' | 'admin';

type Field =
  | { path: string[]; type: 'string'; required: boolean; max: number; min?: number; trimmed?: boolean }
  | { path: string[]; type: 'enum'; required: boolean; values: readonly string[] }
  | { path: string[]; type: 'uuid'; required: boolean }
  | { path: string[]; type: 'url'; required: boolean }
  | { path: string[]; type: 'urls'; required: boolean; max: number }
  | { path: string[]; type: 'int'; required: boolean; min: number; max: number }
  | { path: string[]; type: 'number'; required: boolean; min: number; max: number }
  | { path: string[]; type: 'timestamp'; required: boolean }
  | { path: string[]; type: 'bool'; required: boolean }
  | { path: string[]; type: 'object'; required: boolean };

export type Endpoint = {
  name: string;
  method: string;
  path: (fx: Fixtures) => string;
  auth: Auth;
  /** Creating /v1 requests need an Idempotency-Key; paid ones may name a quote. */
  idempotent: boolean;
  paid: boolean;
  base: (fx: Fixtures) => Record<string, unknown>;
  fields: Field[];
  /** Paths of strict objects, where an unknown key is refused. */
  strict: string[][];
};

const s = (path: string[], max: number, extra: { required?: boolean; min?: number; trimmed?: boolean } = {}): Field => ({
  path,
  type: 'string',
  required: extra.required ?? false,
  max,
  ...(extra.min !== undefined ? { min: extra.min } : {}),
  ...(extra.trimmed ? { trimmed: true } : {}),
});
const e = (path: string[], values: readonly string[], required = false): Field => ({ path, type: 'enum', required, values });

const TRAITS = [
  'gender',
  'age',
  'ethnicity',
  'skinTone',
  'eyeColor',
  'artStyle',
  'fantasyMode',
  'creatureType',
  'colorScheme',
  'creatureSize',
  'mood',
];
const generationFields = (prefix: string[]): Field[] => [
  { path: [...prefix, 'character_id'], type: 'uuid', required: true },
  e([...prefix, 'type'], GenerationType.options, true),
  s([...prefix, 'prompt'], 2000, { required: true, min: 1 }),
  s([...prefix, 'model'], 100, { min: 1 }),
  { path: [...prefix, 'options'], type: 'object', required: false },
  e([...prefix, 'options', 'aspect_ratio'], AspectRatio.options),
  s([...prefix, 'options', 'style'], 100, { min: 1 }),
  { path: [...prefix, 'options', 'hd'], type: 'bool', required: false },
  e([...prefix, 'options', 'image_mode'], ImageMode.options),
  { path: [...prefix, 'options', 'input_image'], type: 'url', required: false },
  { path: [...prefix, 'options', 'reference_images'], type: 'urls', required: false, max: 3 },
];

export const ENDPOINTS: Endpoint[] = [
  {
    name: 'characters.create',
    method: 'POST',
    path: () => '/v1/characters',
    auth: 'key',
    idempotent: true,
    paid: true,
    base: () => ({ name: 'Fuzz', parameters: { creationType: 'human', gender: 'female', customDetails: 'freckles' } }),
    fields: [
      s(['name'], 100, { required: true, min: 1, trimmed: true }),
      { path: ['parameters'], type: 'object', required: true },
      e(['parameters', 'creationType'], CreationType.options),
      ...TRAITS.map((t) => s(['parameters', t], 500, { min: 1 })),
      s(['parameters', 'customDetails'], 2000, { min: 1 }),
      s(['parameters', 'prompt'], 2000, { min: 1 }),
      { path: ['reference_image_urls'], type: 'urls', required: false, max: 4 },
    ],
    strict: [[], ['parameters']],
  },
  {
    name: 'characters.regenerate',
    method: 'POST',
    path: (fx) => `/v1/characters/${fx.characterId}/regenerate`,
    auth: 'key',
    idempotent: true,
    paid: true,
    base: () => ({ custom_details: 'a scar' }),
    fields: [s(['custom_details'], 1000)],
    strict: [[]],
  },
  {
    name: 'generations.create',
    method: 'POST',
    path: () => '/v1/generations',
    auth: 'key',
    idempotent: true,
    paid: true,
    base: (fx) => ({ character_id: fx.characterId, type: 'image', prompt: 'on a beach', options: { aspect_ratio: '1:1', hd: false } }),
    fields: generationFields([]),
    strict: [[], ['options']],
  },
  {
    name: 'generations.create (edit)',
    method: 'POST',
    path: () => '/v1/generations',
    auth: 'key',
    idempotent: true,
    paid: true,
    base: (fx) => ({
      character_id: fx.characterId,
      type: 'image',
      prompt: 'make it night',
      options: { image_mode: 'edit', input_image: fx.pngUrl },
    }),
    fields: generationFields([]),
    strict: [[], ['options']],
  },
  {
    name: 'voices.clone',
    method: 'POST',
    path: () => '/v1/voices/clone',
    auth: 'key',
    idempotent: true,
    paid: true,
    base: (fx) => ({ name: 'Fuzz voice', source_url: fx.wavUrl, model: 'voice-model-a', setup_mode: 'voice_clone' }),
    fields: [
      s(['name'], 100, { required: true, min: 1, trimmed: true }),
      s(['description'], 500),
      { path: ['source_url'], type: 'url', required: true },
      e(['model'], VoiceModel.options),
      e(['setup_mode'], SetupMode.options),
    ],
    strict: [[]],
  },
  {
    name: 'audio.create',
    method: 'POST',
    path: () => '/v1/audio',
    auth: 'key',
    idempotent: true,
    paid: true,
    base: (fx) => ({ voice_id: fx.presetVoiceId, text: 'Hello there.', emotion: 'happy' }),
    fields: [
      { path: ['voice_id'], type: 'uuid', required: true },
      s(['text'], 5000, { required: true, min: 1 }),
      s(['name'], 200, { min: 1 }),
      e(['model'], VoiceModel.options),
      e(['emotion'], Emotion.options),
    ],
    strict: [[]],
  },
  {
    name: 'quotes.create',
    method: 'POST',
    path: () => '/v1/quotes',
    auth: 'key',
    idempotent: true,
    paid: false,
    base: (fx) => ({ operation_id: 'generations.create.v1', input: { character_id: fx.characterId, type: 'image', prompt: 'quoted' } }),
    fields: [
      s(['operation_id'], 100, { required: true, min: 1 }),
      { path: ['input'], type: 'object', required: true },
      ...generationFields(['input']).filter((f) => f.path.length === 2),
    ],
    strict: [[]],
  },
  {
    name: 'api.keys.create',
    method: 'POST',
    path: () => '/api/keys',
    auth: 'session',
    idempotent: false,
    paid: false,
    base: () => ({ name: 'fuzz key', scopes: ['images:generate'] }),
    fields: [
      s(['name'], 100, { required: true, min: 1 }),
      { path: ['expires_at'], type: 'timestamp', required: false },
      { path: ['scopes'], type: 'urls', required: false, max: 5 },
    ],
    strict: [[]],
  },
  {
    name: 'sandbox.users.create',
    method: 'POST',
    path: () => '/sandbox/users',
    auth: 'admin',
    idempotent: false,
    paid: false,
    base: () => ({ email: 'fuzz@example.com', name: 'Fuzz', plan: 'creator', credits: 10 }),
    fields: [
      s(['name'], 100, { required: true, min: 1 }),
      e(['plan'], Plan.options, true),
      { path: ['credits'], type: 'int', required: true, min: 0, max: Number.MAX_SAFE_INTEGER },
      s(['team'], 100, { min: 1 }),
    ],
    strict: [[]],
  },
  {
    name: 'sandbox.users.credits',
    method: 'POST',
    path: (fx) => `/sandbox/users/${fx.victim.userId}/credits`,
    auth: 'admin',
    idempotent: false,
    paid: false,
    base: () => ({ amount: 5, description: 'fuzz' }),
    fields: [{ path: ['amount'], type: 'int', required: true, min: 1, max: Number.MAX_SAFE_INTEGER }, s(['description'], 200)],
    strict: [[]],
  },
  {
    name: 'sandbox.quotes.decision',
    method: 'POST',
    path: (fx) => `/sandbox/quotes/${fx.victim.quoteId}/decision`,
    auth: 'admin',
    idempotent: false,
    paid: false,
    // The victim's quote needs no approval, so even a valid decision is refused (409 invalid_state).
    base: () => ({ decision: 'approve' }),
    fields: [e(['decision'], ['approve', 'reject', 'revoke'], true)],
    strict: [[]],
  },
  {
    name: 'sandbox.faults',
    method: 'PUT',
    path: () => '/sandbox/faults',
    auth: 'admin',
    idempotent: false,
    paid: false,
    // The body equals the faults in force, so a valid one changes nothing either.
    base: () => ({}),
    fields: [
      { path: ['rate_429'], type: 'number', required: false, min: 0, max: 1 },
      { path: ['rate_5xx'], type: 'number', required: false, min: 0, max: 1 },
      { path: ['ambiguous_202_rate'], type: 'number', required: false, min: 0, max: 1 },
      { path: ['failure_rate'], type: 'object', required: false },
      { path: ['retry_after_seconds'], type: 'int', required: false, min: 0, max: 60 },
      { path: ['rate_limit_per_minute'], type: 'int', required: false, min: 0, max: Number.MAX_SAFE_INTEGER },
      { path: ['latency_ms'], type: 'object', required: false },
    ],
    strict: [[]],
  },
];

// ---------------------------------------------------------------------------------------------
// Values that a field of each type must refuse.

const nonString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const nonObject = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** Hostile spellings of a media URL: schemes, hosts, encodings, userinfo, traversal, foreign owners. */
export function hostileUrls(fx: Fixtures): string[] {
  const own = new URL(fx.pngUrl);
  const sha = own.pathname.slice('/cdn/'.length, '/cdn/'.length + 64);
  const p = fx.port;
  return [
    `http://127.0.0.1:${p}/cdn/${sha}.png`,
    `ftp://127.0.0.1:${p}/cdn/${sha}.png`,
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    `//127.0.0.1:${p}/cdn/${sha}.png`,
    `/cdn/${sha}.png`,
    `https://user:pass@127.0.0.1:${p}/cdn/${sha}.png`,
    `https://127.0.0.1:${p}@evil.example/cdn/${sha}.png`,
    `https://localhost:${p}/cdn/${sha}.png`,
    `https://[::1]:${p}/cdn/${sha}.png`,
    `https://2130706433:${p}/cdn/${sha}.png`,
    `https://0x7f000001:${p}/cdn/${sha}.png`,
    'https://169.254.169.254/latest/meta-data/',
    `https://127.0.0.1:${p}/cdn/../sandbox/ledger`,
    `https://127.0.0.1:${p}/cdn/%2e%2e/sandbox.db`,
    `https://127.0.0.1:${p}/cdn/${sha}.png?x=1`,
    `https://127.0.0.1:${p}/cdn/${sha}.png#frag`,
    `https://127.0.0.1:${p}/cdn/${sha.toUpperCase()}.png`,
    `https://127.0.0.1:${p}/cdn/${sha}.PNG`,
    `https://127.0.0.1:${p}/cdn/${sha}.jpg`,
    `https://127.0.0.1:${p}/cdn/${'0'.repeat(64)}.png`,
    ` https://127.0.0.1:${p}/cdn/${sha}.png`,
    `https://127.0.0.1:${p}/cdn/${sha}.png\n`,
    `https://127.0.0.1:${p}/cdn/${sha}.png\u0000`,
    `https://127.0.0.1:${p}/%63dn/${sha}.png`,
    `https://127.0.0.1:${p}/cdn/${sha}.png/..`,
    `https://127.0.0.1:${p}/v1/account`,
    `https://${'a'.repeat(5000)}.example/x.png`,
    // Another user's upload, and the attacker's own upload in a field of another media kind.
    fx.victim.pngUrl,
    fx.victim.wavUrl,
  ];
}

function invalidValue(field: Field, fx: Fixtures): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'string': {
      const options: fc.Arbitrary<unknown>[] = [
        nonString,
        fc.integer({ min: field.max + 1, max: field.max + 3000 }).map((n) => 'x'.repeat(n)),
      ];
      if ((field.min ?? 0) > 0) options.push(fc.constant(''));
      if (field.trimmed) options.push(fc.constantFrom(' ', '   ', '\t\n'));
      return fc.oneof(...options);
    }
    case 'enum': {
      const shouted = field.values.map((v) => v.toUpperCase()).filter((v) => !field.values.includes(v));
      return fc.oneof(
        nonString,
        fc.string({ maxLength: 20 }).filter((v) => !field.values.includes(v)),
        fc.constantFrom(...field.values).map((v) => ` ${v}`),
        ...(shouted.length ? [fc.constantFrom(...shouted)] : []),
      );
    }
    case 'uuid':
      return fc.oneof(
        nonString,
        fc.string({ maxLength: 40 }).filter((v) => !/^[0-9a-f-]{36}$/i.test(v)),
        fc.constantFrom(
          `${fx.characterId}/../x`,
          `../${fx.characterId}`,
          `${fx.characterId} `,
          fx.victim.characterId,
          fx.victim.generationId,
          '00000000-0000-0000-0000-000000000000',
        ),
      );
    case 'url':
      return fc.oneof(nonString, fc.constantFrom(...hostileUrls(fx)), fc.webUrl({ validSchemes: ['https', 'http'] }));
    case 'urls':
      return fc.oneof(
        nonString.filter((v) => !Array.isArray(v) || v.length > 0),
        fc.constantFrom(...hostileUrls(fx)).map((u) => [u]),
        fc.constant(Array.from({ length: field.max + 1 }, () => fx.pngUrl)),
      );
    case 'int':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => !Number.isInteger(v)),
        fc.integer().map(String),
        fc.boolean(),
        fc.constant(null),
        fc.constant(field.min - 1),
        ...(field.max < Number.MAX_SAFE_INTEGER ? [fc.constant(field.max + 1)] : []),
      );
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => v < field.min || v > field.max),
        fc.double({ min: field.min, max: field.max, noNaN: true }).map(String),
        fc.boolean(),
        fc.constant(null),
      );
    case 'timestamp':
      return fc.oneof(nonString, fc.constantFrom('2001-01-01T00:00:00Z', 'tomorrow', '2099-13-45T99:99:99Z', '1e12', ''));
    case 'bool':
      return fc.constantFrom('true', 1, 0, null, [], {});
    case 'object':
      return nonObject;
  }
}

function setAt(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const part of path.slice(0, -1)) {
    const next = at[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Request building.

function authHeader(auth: Auth, fx: Fixtures): [string, string] {
  const token = auth === 'key' ? fx.key : auth === 'session' ? fx.session : fx.admin;
  return ['Authorization', `Bearer ${token}`];
}

let keyCounter = 0;
const freshKey = () => `fuzz-${process.pid}-${Date.now()}-${(keyCounter += 1)}`;

function request(
  ep: Endpoint,
  fx: Fixtures,
  body: Buffer | string,
  label: string,
  expect: Expect = 'refused',
  extra: [string, string][] = [],
): Case {
  const headers: [string, string][] = [authHeader(ep.auth, fx), ['Content-Type', 'application/json']];
  if (ep.idempotent) headers.push(['Idempotency-Key', freshKey()]);
  return { label: `${ep.name}: ${label}`, method: ep.method, target: ep.path(fx), headers: [...headers, ...extra], body, expect };
}

/** A body broken in one place: a field's value or presence, an unknown key, a webhook_url. */
export function bodyCase(fx: Fixtures): fc.Arbitrary<Case> {
  return fc.constantFrom(...ENDPOINTS).chain((ep) => {
    const base = ep.base(fx);
    const wrong = fc
      .constantFrom(...ep.fields)
      .chain((f) =>
        invalidValue(f, fx).map((v) => request(ep, fx, JSON.stringify(setAt(base, f.path, v)), `${f.path.join('.')} = ${preview(v)}`)),
      );
    const required = ep.fields.filter((f) => f.required);
    const missing = required.length
      ? [
          fc
            .constantFrom(...required)
            .map((f) => request(ep, fx, JSON.stringify(setAt(base, f.path, undefined)), `without ${f.path.join('.')}`)),
        ]
      : [];
    const known = new Set(ep.fields.map((f) => f.path.at(-1)));
    const unknown = fc
      .tuple(
        fc.constantFrom(...ep.strict),
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([at, k, v]) => request(ep, fx, JSON.stringify(setAt(base, [...at, k], v)), `unknown field ${[...at, k].join('.')}`));
    const cases = [wrong, ...missing, unknown];
    if (ep.auth === 'key') {
      // spec 4 / 6: a webhook_url anywhere, any value, is refused with 503 and nothing is created.
      const webhook = fc
        .tuple(
          fc.constantFrom(...ep.strict, ...ep.fields.filter((f) => f.type === 'object').map((f) => f.path)),
          fc.oneof(fc.constant(''), fc.webUrl(), fc.constant(null)),
        )
        .map(([at, v]) =>
          request(
            ep,
            fx,
            JSON.stringify(setAt(base, [...at, 'webhook_url'], v)),
            `webhook_url at ${[...at, 'webhook_url'].join('.')}`,
            'webhook',
          ),
        );
      cases.push(webhook);
    }
    return fc.oneof(...cases);
  });
}

/** The JSON text itself broken: truncated, trailing bytes, non-JSON literals, duplicate keys, not an object, oversize. */
export function malformedCase(fx: Fixtures): fc.Arbitrary<Case> {
  return fc.constantFrom(...ENDPOINTS).chain((ep) => {
    const text = JSON.stringify(ep.base(fx));
    const firstKey = Object.keys(ep.base(fx))[0] ?? 'x';
    // An empty body reads as {}: a no-op for the faults endpoint and a full regeneration (valid) for regenerate.
    const emptyOk = ep.name === 'sandbox.faults' || ep.name === 'characters.regenerate';
    return fc.oneof(
      fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => request(ep, fx, text.slice(0, n), `truncated at ${n}`)),
      fc
        .constantFrom('x', '}', ',', '\u0000', ' garbage', '{}', '[]')
        .map((t) => request(ep, fx, text + t, `trailing ${JSON.stringify(t)}`)),
      fc
        .constantFrom('NaN', 'Infinity', '-Infinity', 'undefined', "'single'", '0x10', '1e400', '01', '.5', '+1', '"\\x41"', '"\\u12"')
        .map((lit) => request(ep, fx, text.replace(/}$/, `${text === '{}' ? '' : ','}"${firstKey}_":${lit}}`), `literal ${lit}`)),
      fc.constantFrom('\ufeff', '// c\n', '/* c */').map((pre) => request(ep, fx, pre + text, `prefix ${JSON.stringify(pre)}`)),
      fc.constantFrom('[]', '"text"', '42', 'null', 'true', '[{}]').map((t) => request(ep, fx, t, `top-level ${t}`)),
      fc
        .constantFrom(
          ...ep.fields
            .filter((f) => f.path.length === 1)
            .map((f): string => f.path[0]!)
            .concat([firstKey]),
        )
        .map((k) =>
          request(
            ep,
            fx,
            `${text.replace(/}$/, '')}${text === '{}' ? '' : ','}"${k}":{"nested":[1,2,{"x":null}]}}`,
            `duplicate key ${k} (last wins, and is wrong)`,
          ),
        ),
      fc.constant(request(ep, fx, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'invalid UTF-8 outside strings')),
      fc.constant(request(ep, fx, `{"a":"${'x'.repeat(1024 * 1024)}"}`, 'body over 1 MiB')),
      ...(emptyOk ? [] : [fc.constant(request(ep, fx, '', 'empty body'))]),
    );
  });
}

/**
 * Nesting far past any schema: the body is parsed, then walked (webhook_url search, canonical JSON
 * for the fingerprint). Kept separate because a recursive walk can overflow the stack.
 */
export function deepCases(fx: Fixtures): Case[] {
  const depth = 100_000;
  return ENDPOINTS.filter((ep) => ep.auth === 'key').flatMap((ep) => [
    request(ep, fx, `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`, `arrays nested ${depth} deep`),
    request(ep, fx, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, `objects nested ${depth} deep`),
  ]);
}

/** A valid body, refused for one header: authentication, Idempotency-Key, Content-Type, Quote-Id, framing. */
export function headerCase(fx: Fixtures): fc.Arbitrary<Case> {
  return fc.constantFrom(...ENDPOINTS.filter((ep) => ep.auth === 'key')).chain((ep) => {
    const body = JSON.stringify(ep.base(fx));
    const make = (label: string, headers: [string, string][], opts: { body?: string; contentLength?: boolean } = {}): Case => ({
      label: `${ep.name}: ${label}`,
      method: ep.method,
      target: ep.path(fx),
      headers,
      body: opts.body ?? body,
      ...(opts.contentLength === false ? { contentLength: false } : {}),
      expect: 'refused',
    });
    const json: [string, string] = ['Content-Type', 'application/json'];
    const idem = (): [string, string] => ['Idempotency-Key', freshKey()];
    const bearer = (t: string): [string, string] => ['Authorization', `Bearer ${t}`];
    const auths: [string, [string, string][]][] = [
      ['no Authorization', []],
      ['Basic auth', [['Authorization', `Basic ${Buffer.from(`${fx.key}:`).toString('base64')}`]]],
      ['Bearer with no token', [['Authorization', 'Bearer']]],
      ['Bearer, two tokens', [['Authorization', `Bearer ${fx.key} ${fx.key}`]]],
      ['key with a byte appended', [bearer(`${fx.key}0`)]],
      ['key upper-cased', [bearer(fx.key.toUpperCase())]],
      ['key as a Token scheme', [['Authorization', `Token ${fx.key}`]]],
      ['key in X-Api-Key only', [['X-Api-Key', fx.key]]],
      ['admin token as an API key', [bearer(fx.admin)]],
      ['session token as an API key', [bearer(fx.session)]],
      ['revoked key', [bearer(fx.revokedKey)]],
      ['key without the scope', [bearer(fx.videoOnlyKey)]],
      ['key of a user without a plan', [bearer(fx.freeUserKey)]],
      ['a bad Authorization, then a good one', [bearer('sk_live_nope'), bearer(fx.key)]],
    ];
    const good = bearer(fx.key);
    const tricks: fc.Arbitrary<Case>[] = [
      fc.constantFrom(...auths).map(([label, h]) => make(label, [...h, json, idem()])),
      fc
        .constantFrom<[string, [string, string][]]>(
          ['no Idempotency-Key', []],
          ['empty Idempotency-Key', [['Idempotency-Key', '']]],
          ['Idempotency-Key of 256 characters', [['Idempotency-Key', 'k'.repeat(256)]]],
          ['Idempotency-Key with a space', [['Idempotency-Key', 'a b']]],
          ['Idempotency-Key with latin-1 bytes', [['Idempotency-Key', 'cl\u00e9']]],
          ['two Idempotency-Key headers', [idem(), idem()]],
          ['Idempotency-Key reused with other bytes', [['Idempotency-Key', fx.usedIdempotencyKey]]],
        )
        .map(([label, h]) => make(label, [good, json, ...h])),
    ];
    if (ep.paid) {
      tricks.push(
        fc
          .constantFrom<[string, string]>(
            ['unknown quote', '6f1c1d3e-9f1a-4b1e-8f57-1c0c6f0b8a11'],
            ["another user's quote", fx.victim.quoteId],
            ['quote for another operation or input', fx.quoteId],
            ['quote id that is not a uuid', "' OR 1=1 --"],
            ['quote id of 5,000 characters', 'q'.repeat(5000)],
          )
          .map(([label, q]) => make(`Quote-Id: ${label}`, [good, json, idem(), ['Quote-Id', q]])),
      );
    }
    if (ep.name === 'quotes.create') {
      tricks.push(
        fc
          .constantFrom('text/plain', 'application/jsonx', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
          .map((t) => make(`Content-Type ${t}`, [good, ['Content-Type', t], idem()])),
        fc.constant(make('no Content-Type', [good, idem()])),
      );
    }
    tricks.push(
      fc
        .constantFrom<[string, [string, string][], string | undefined]>(
          [
            'Content-Length and Transfer-Encoding',
            [
              ['Content-Length', String(body.length)],
              ['Transfer-Encoding', 'chunked'],
            ],
            `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
          ],
          ['malformed chunk size', [['Transfer-Encoding', 'chunked']], `zz\r\n${body}\r\n0\r\n\r\n`],
          ['negative Content-Length', [['Content-Length', '-1']], undefined],
          ['Content-Length not a number', [['Content-Length', 'abc']], undefined],
          [
            'two different Content-Lengths',
            [
              ['Content-Length', String(body.length)],
              ['Content-Length', String(body.length + 1)],
            ],
            undefined,
          ],
          ['Content-Length one short', [['Content-Length', String(body.length - 1)]], undefined],
          ['Content-Length over the limit', [['Content-Length', String(50 * 1024 * 1024)]], undefined],
          ['control character in a header', [['X-Note', 'a\u0001b']], undefined],
        )
        .map(([label, h, b]) => make(label, [good, json, idem(), ...h], { ...(b !== undefined ? { body: b } : {}), contentLength: false })),
    );
    return fc.oneof(...tricks);
  });
}

/** Odd methods and targets: traversal, encodings, other users' ids, huge paths and queries, CDN names. */
export function targetCase(fx: Fixtures): fc.Arbitrary<Case> {
  const v = fx.victim;
  const targets = [
    `/v1/characters/${v.characterId}`,
    `/v1/generations/${v.generationId}`,
    `/v1/characters/${v.characterId}/regenerate`,
    `/v1/characters/${v.characterId}/revert`,
    `/v1/quotes/${v.quoteId}`,
    `/api/keys/${v.keyId}`,
    `/v1/characters/${fx.characterId}/../${v.characterId}`,
    `/v1/characters/%2e%2e%2f${v.characterId}`,
    `/v1/characters/..%2f..%2fsandbox%2fledger`,
    '/v1/characters/%00',
    '/v1/characters/%ff%fe',
    `/v1/characters/${'a'.repeat(8000)}`,
    '//v1//characters',
    '//%00/..',
    '//[/v1/account',
    '//evil.example/v1/account',
    '/v1/characters/',
    '/V1/CHARACTERS',
    '/v1/./characters',
    '/cdn/../sandbox.db',
    '/cdn/%2e%2e%2fsandbox.db',
    '/cdn/..%5csandbox.db',
    `/cdn/${'0'.repeat(64)}.png`,
    '/cdn/',
    '/sandbox/ledger',
    '/sandbox/faults',
    `/sandbox/users/${v.userId}/credits`,
    '/sandbox/users',
    `https://evil.example/v1/characters/${v.characterId}`,
    '*',
    '/v1/generations?limit=0',
    '/v1/generations?limit=101',
    '/v1/generations?limit=1e999',
    '/v1/generations?limit=-1',
    '/v1/generations?type=image&type=video',
    '/v1/generations?type=',
    '/v1/generations?cursor=',
    '/v1/generations?cursor=eyJ4IjoxfQ',
    `/v1/generations?cursor=${'c'.repeat(4000)}`,
    '/v1/generations?updated_after=yesterday',
    `/v1/generations?character_id=${v.characterId}`,
    '/v1/generations?status=completed&status=failed',
    '/v1/generations?x[]=1&__proto__[a]=1',
    '/v1/audio?voice_id=nope',
    '/v1/voices?presets=maybe',
    '/v1/voices?limit=1000',
    '/v1/account/usage?type=theft',
    '/v1/account/usage?limit=1.5',
    `/v1/?${'q=1&'.repeat(2000)}`,
    '/openapi.json/..%2f..%2fsandbox.db',
  ];
  const generated = fc
    .array(
      fc.oneof(
        fc.constantFrom('..', '.', '%2e%2e', '%2f', '%5c', '%00', '%25', 'v1', 'characters', 'cdn', 'sandbox', v.characterId),
        fc.webSegment(),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map((parts) => `/${parts.join('/')}`);
  const methods = ['GET', 'HEAD', 'DELETE', 'POST', 'PUT', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'get'];
  const auths: [string, [string, string][]][] = [
    ['attacker key', [['Authorization', `Bearer ${fx.key}`]]],
    ['attacker session', [['Authorization', `Bearer ${fx.session}`]]],
    ['no auth', []],
    ['garbage auth', [['Authorization', 'Bearer ../../etc/passwd']]],
  ];
  return fc
    .tuple(fc.constantFrom(...methods), fc.oneof(fc.constantFrom(...targets), generated), fc.constantFrom(...auths))
    .map(([method, target, [authLabel, headers]]) => ({
      label: `${method} ${target.slice(0, 120)} (${authLabel})`,
      method,
      target,
      headers,
      expect: 'harmless' as const,
    }));
}

/** CDN reads with hostile names and Range headers: never a 5xx, never another file. */
export function rangeCase(fx: Fixtures): fc.Arbitrary<Case> {
  const target = new URL(fx.pngUrl).pathname;
  const big = fc.oneof(fc.nat(), fc.constantFrom('99999999999999999999999', '9007199254740993', '-1', '0x10', '1e3', ''));
  return fc
    .oneof(
      fc.tuple(big, big).map(([a, b]) => `bytes=${a}-${b}`),
      fc.constantFrom('bytes=0-0,1-1', 'bytes=-0', 'bytes=--1', 'items=0-1', 'bytes 0-1', 'bytes=1-0', 'bytes=\u00ff-'),
      // Printable ASCII only: a header value cannot carry control characters or raw non-Latin text.
      fc.string({ maxLength: 30 }).map((r) => [...r].filter((ch) => ch >= ' ' && ch <= '~').join('')),
    )
    .chain((range) =>
      fc.boolean().map((ifRange): Case => ({
        label: `GET ${target} Range: ${range}${ifRange ? ' If-Range: "x"' : ''}`,
        method: 'GET',
        target,
        headers: ifRange
          ? [
              ['Range', range],
              ['If-Range', '"x"'],
            ]
          : [['Range', range]],
        expect: 'harmless',
      })),
    );
}

/** A binary upload that the sandbox must refuse: unknown types, bytes that do not match, empty, oversize. */
export function uploadCase(fx: Fixtures, png: Buffer, wav: Buffer): fc.Arbitrary<Case> {
  // Bytes no sniffer accepts: the first and fifth bytes are 0 (rules out every magic number).
  const junk = fc.uint8Array({ minLength: 8, maxLength: 512 }).map((b) => {
    const out = Buffer.from(b);
    out[0] = 0;
    out[4] = 0;
    return out;
  });
  const make = (label: string, type: string | null, body: Buffer, extra: [string, string][] = []): Case => ({
    label: `uploads: ${label}`,
    method: 'POST',
    target: '/v1/uploads',
    headers: [['Authorization', `Bearer ${fx.key}`], ...(type === null ? [] : [['Content-Type', type] as [string, string]]), ...extra],
    body,
    expect: 'refused',
  });
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'audio/wav', 'audio/mpeg', 'audio/ogg', 'video/mp4', 'video/webm'),
        junk,
      )
      .map(([t, b]) => make(`junk bytes as ${t}`, t, b)),
    fc
      .constantFrom('image/gif', 'image/svg+xml', 'text/html', 'application/octet-stream', 'application/json', 'image/png, image/png', '')
      .map((t) => make(`PNG bytes as "${t}"`, t, png)),
    fc.constantFrom('audio/wav', 'image/jpeg', 'video/mp4').map((t) => make(`PNG bytes as ${t}`, t, png)),
    fc.constantFrom('image/png', 'audio/ogg').map((t) => make(`WAV bytes as ${t}`, t, wav)),
    fc.constant(make('no Content-Type', null, png)),
    fc.constant(make('empty body', 'image/png', Buffer.alloc(0))),
    fc.constant(make('declared over 10 MiB', 'image/png', png, [['Content-Length', String(10 * 1024 * 1024 + 1)]])),
  );
}

function preview(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
}
