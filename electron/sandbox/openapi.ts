import { z } from 'zod';
import * as api from '../../shared/api/index.ts';

type Json = Record<string, unknown>;

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a shared zod schema. */
function schema(s: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const json = (body: Json): Json => ({ content: { 'application/json': { schema: body } } });

const ERROR = {
  description: 'Error: `{ error: { code, message, field? } }`; codes and statuses in ERROR_STATUS.',
  ...json(ref('ErrorBody')),
};
const errors = (...statuses: number[]): Json => Object.fromEntries(statuses.map((s) => [String(s), ERROR]));
const AUTH_ERRORS = errors(401, 403, 429, 500, 503);

const idParam = (name = 'id'): Json => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const header = (name: string, required: boolean, description: string): Json => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});
const IDEMPOTENCY = header('Idempotency-Key', true, 'Required on creating requests; same key + same body replays, different body is 409.');
const QUOTE = header(api.QUOTE_HEADER, false, 'A quote this paid request must match exactly (input and asset hashes).');

function queryParams(s: z.ZodType): Json[] {
  const object = schema(s, 'input') as { properties?: Record<string, Json> };
  return Object.entries(object.properties ?? {}).map(([name, prop]) => ({ name, in: 'query', required: false, schema: prop }));
}

type Op = { summary: string; tags: string[]; security?: Json[]; parameters?: Json[]; requestBody?: Json; responses: Json };
const apiKey = [{ apiKey: [] }];
const session = [{ session: [] }];
const admin = [{ admin: [] }];

function creatingOp(summary: string, tag: string, request: z.ZodType, accepted: z.ZodType, extra: Json = {}, params: Json[] = []): Op {
  return {
    summary,
    tags: [tag],
    security: apiKey,
    parameters: [...params, IDEMPOTENCY, QUOTE],
    requestBody: { required: true, ...json(schema(request, 'input')) },
    responses: {
      '201': {
        description: 'Accepted; poll the resource until it is terminal.',
        headers: { Location: { schema: { type: 'string' } } },
        ...json(schema(accepted)),
      },
      '202': { description: 'Ambiguous outcome; retry the exact same request with the same key.', ...json(schema(api.AmbiguousBody)) },
      ...extra,
      ...errors(400, 402, 404, 409),
      ...AUTH_ERRORS,
    },
  };
}

const read = (summary: string, tag: string, response: z.ZodType, parameters: Json[] = []): Op => ({
  summary,
  tags: [tag],
  security: apiKey,
  parameters,
  responses: { '200': { description: 'OK', ...json(schema(response)) }, ...errors(400, 404), ...AUTH_ERRORS },
});

const del = (what: string, tag: string): Op => ({
  summary: `Delete ${what}`,
  tags: [tag],
  security: apiKey,
  parameters: [idParam()],
  responses: { '200': { description: 'Deleted', ...json(schema(api.DeletedResponse)) }, ...errors(404), ...AUTH_ERRORS },
});

const adminOp = (summary: string, body: z.ZodType | null, response: Json, parameters: Json[] = []): Op => ({
  summary,
  tags: ['sandbox'],
  security: admin,
  parameters,
  ...(body ? { requestBody: { required: true, ...json(schema(body, 'input')) } } : {}),
  responses: { '200': { description: 'OK', ...json(response) }, ...errors(400, 401, 404, 409) },
});

const QuoteDecisionResult = ref('QuoteResponse');

type Paths = Record<string, Record<string, Op>>;

/**
 * The OpenAPI 3.1 document of the sandbox, generated from the shared zod contract (one source of
 * truth), covering /v1, /api/keys, /cdn, /sandbox and this document itself.
 */
export function buildOpenApi(baseUrl: string): Json {
  const paths: Paths = {
    ...characterPaths(),
    ...mediaPaths(),
    ...accountPaths(),
    ...webPaths(),
    ...sandboxUserPaths(),
    ...sandboxControlPaths(),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Character Media Generation Service (Cast Studio sandbox)',
      version: api.DEFAULT_CAPABILITIES.capability_version,
      description:
        'The service interface as the sandbox implements it. Decisions where the spec says "not shown" are in docs/service-decisions.md.',
    },
    servers: [{ url: baseUrl }],
    security: apiKey,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'sk_live_ + 64 hex (spec 2.1, 5)' },
        session: { type: 'http', scheme: 'bearer', description: 'Web application session token (spec 4.7)' },
        admin: { type: 'http', scheme: 'bearer', description: 'Sandbox admin token from the ready line' },
      },
      schemas: {
        ErrorBody: schema(api.ErrorBody),
        QuoteResponse: schema(api.QuoteResponse),
      },
    },
    paths,
  };
}

/** The character resources (spec 4.1). */
function characterPaths(): Paths {
  return {
    '/v1/characters': {
      post: creatingOp('Create a character (spec 4.1)', 'characters', api.CreateCharacterRequest, api.CharacterAcceptedResponse),
      get: read('List characters', 'characters', api.CharacterList, queryParams(api.PageQuery)),
    },
    '/v1/characters/{id}': {
      get: read('Get a character', 'characters', api.CharacterResponse, [idParam()]),
      delete: del('a character', 'characters'),
    },
    '/v1/characters/{id}/regenerate': {
      post: creatingOp(
        'Regenerate a ready character (spec 4.1)',
        'characters',
        api.RegenerateCharacterRequest,
        api.RegenerateResponse,
        {
          '200': { description: 'Exact terminal recovery of an earlier identical request.', ...json(schema(api.RegenerateResponse)) },
        },
        [idParam()],
      ),
    },
    '/v1/characters/{id}/revert': {
      post: {
        ...creatingOp('Revert the last regeneration (spec 4.1)', 'characters', api.RevertCharacterRequest, api.RevertResponse, {}, [
          idParam(),
        ]),
        responses: {
          '200': { description: 'Reverted', ...json(schema(api.RevertResponse)) },
          '202': { description: 'Still reconciling; retry the exact same request.', ...json(schema(api.AmbiguousBody)) },
          '409': { description: 'Invalid resource state, or idempotency key reuse.', ...json(ref('ErrorBody')) },
          ...errors(400, 404),
          ...AUTH_ERRORS,
        },
      },
    },
  };
}

/** Generations, voices and speech (spec 4.2, 4.4, 4.5). */
function mediaPaths(): Paths {
  return {
    '/v1/generations': {
      post: creatingOp('Create a generation (spec 4.2)', 'generations', api.CreateGenerationRequest, api.GenerationAcceptedResponse),
      get: read('List generations with strict filters', 'generations', api.GenerationList, queryParams(api.GenerationListQuery)),
    },
    '/v1/generations/{id}': {
      get: read('Get a generation', 'generations', api.GenerationResponse, [idParam()]),
      delete: del('a generation', 'generations'),
    },
    '/v1/voices': { get: read('List voices and presets (spec 4.4)', 'voices', api.VoiceList, queryParams(api.VoiceListQuery)) },
    '/v1/voices/{id}': { get: read('Get a voice (403 for another user’s)', 'voices', api.VoiceResponse, [idParam()]) },
    '/v1/voices/clone': {
      post: creatingOp('Clone or design a voice (spec 4.4)', 'voices', api.CloneVoiceFields, api.VoiceAcceptedResponse),
    },
    '/v1/audio': {
      post: creatingOp('Create speech (spec 4.5)', 'audio', api.CreateAudioRequest, api.AudioAcceptedResponse),
      get: read('List audio tracks', 'audio', api.AudioList, queryParams(api.AudioListQuery)),
    },
    '/v1/audio/{id}': {
      get: read('Get an audio track', 'audio', api.AudioResponse, [idParam()]),
      delete: del('an audio track', 'audio'),
    },
  };
}

/** The account, the catalog, quotes and uploads (spec 4.3, 4.6). */
function accountPaths(): Paths {
  return {
    '/v1/account': { get: read('Profile, balance and subscription (spec 4.6)', 'account', api.AccountResponse) },
    '/v1/account/usage': { get: read('Credit transactions', 'account', api.UsageList, queryParams(api.UsageQuery)) },
    '/v1/capabilities': { get: read('Capability catalog (documented extension)', 'quotes', api.CapabilitiesResponse) },
    '/v1/quotes': {
      post: {
        ...creatingOp('Create a bound quote (spec 4.3)', 'quotes', api.CreateQuoteRequest, api.QuoteResponse, {
          '200': { description: 'Exact repeat with the same key (Idempotency-Replayed: true).', ...json(schema(api.QuoteResponse)) },
          '415': ERROR,
        }),
        parameters: [IDEMPOTENCY],
      },
    },
    '/v1/quotes/{id}': { get: read('Read a quote (same actor and key only; opaque 404)', 'quotes', api.QuoteResponse, [idParam()]) },
    '/v1/uploads': {
      post: {
        summary: 'Upload media; returns an immutable CDN URL owned by the caller (decision)',
        tags: ['uploads'],
        security: apiKey,
        requestBody: {
          required: true,
          content: Object.fromEntries(Object.keys(api.UPLOAD_TYPES).map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
        },
        responses: { '201': { description: 'Stored', ...json(schema(api.UploadResponse)) }, ...errors(400, 413, 415), ...AUTH_ERRORS },
      },
    },
  };
}

/** The CDN and the web application’s key management (spec 4.7). */
function webPaths(): Paths {
  return {
    '/cdn/{name}': {
      get: {
        summary: 'A CDN file: immutable, content-addressed, Range, ETag',
        tags: ['cdn'],
        security: [],
        parameters: [idParam('name'), { name: 'Range', in: 'header', required: false, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The file' },
          '206': { description: 'Part of the file' },
          '304': { description: 'Not modified' },
          '416': { description: 'Range not satisfiable' },
          ...errors(404),
        },
      },
    },
    '/api/keys': {
      post: {
        summary: 'Create an API key (spec 4.7); the plaintext and webhook_secret are shown once',
        tags: ['keys'],
        security: session,
        requestBody: { required: true, ...json(schema(api.CreateKeyRequest, 'input')) },
        responses: { '201': { description: 'Created', ...json(schema(api.CreatedKeyResponse)) }, ...errors(400, 401, 409) },
      },
      get: {
        summary: 'List active keys',
        tags: ['keys'],
        security: session,
        responses: { '200': { description: 'OK', ...json(schema(api.KeyList)) }, ...errors(401) },
      },
    },
    '/api/keys/{id}': {
      delete: {
        summary: 'Revoke a key (soft delete)',
        tags: ['keys'],
        security: session,
        parameters: [idParam()],
        responses: { '200': { description: 'Revoked', ...json(schema(api.DeletedResponse)) }, ...errors(401, 404) },
      },
    },
  };
}

/** Sandbox administration: users and quote approval. */
function sandboxUserPaths(): Paths {
  return {
    '/sandbox/users': {
      post: {
        ...adminOp('Create a user with a web session token', api.SandboxCreateUser, schema(api.SandboxUserCreated)),
        responses: { '201': { description: 'Created', ...json(schema(api.SandboxUserCreated)) }, ...errors(400, 401) },
      },
    },
    '/sandbox/users/{id}': { get: adminOp('Read a user (plan, team, balance)', null, { type: 'object' }, [idParam()]) },
    '/sandbox/users/{id}/plan': { post: adminOp('Change a user’s plan', api.SandboxSetPlan, { type: 'object' }, [idParam()]) },
    '/sandbox/users/{id}/credits': {
      post: adminOp('Grant credits (a grant transaction)', api.SandboxGrantCredits, { type: 'object' }, [idParam()]),
    },
    '/sandbox/quotes/{id}/decision': {
      post: adminOp('Approve, reject or revoke a quote', api.SandboxQuoteDecision, QuoteDecisionResult, [idParam()]),
    },
    '/sandbox/quotes': {
      get: adminOp(
        'Quotes in one approval state (default pending: the approver’s inbox), newest first',
        null,
        schema(api.SandboxQuoteList),
        [
          {
            name: 'approval_state',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['pending', 'approved', 'rejected', 'revoked'] },
          },
          { name: 'user_id', in: 'query', required: false, schema: { type: 'string' } },
        ],
      ),
    },
    '/sandbox/quotes/{id}/expire': {
      post: adminOp('Expire a quote now (to exercise quote_expired)', null, QuoteDecisionResult, [idParam()]),
    },
  };
}

/** Sandbox administration: the pace of jobs, the clock, faults and the ledger; and this document. */
function sandboxControlPaths(): Paths {
  return {
    '/sandbox/speed': {
      get: adminOp('Read the pace of jobs', null, schema(api.SandboxSpeedResponse)),
      put: adminOp('Set the pace of jobs accepted from now on', api.SandboxSpeedSetting, schema(api.SandboxSpeedResponse)),
    },
    '/sandbox/clock/advance': {
      post: adminOp(
        'Move the sandbox\u2019s time forward (to expire file addresses and quotes without waiting)',
        api.SandboxClockAdvance,
        schema(api.SandboxClockResponse),
      ),
    },
    '/sandbox/faults': {
      get: adminOp('Read fault injection', null, schema(api.dataOf(api.SandboxFaults))),
      put: adminOp('Replace fault injection', api.SandboxFaults, schema(api.dataOf(api.SandboxFaults))),
      post: adminOp('Replace fault injection (same as PUT)', api.SandboxFaults, schema(api.dataOf(api.SandboxFaults))),
    },
    '/sandbox/ledger': {
      get: adminOp('Charges per idempotency key', null, schema(api.SandboxLedger), [
        { name: 'user_id', in: 'query', required: false, schema: { type: 'string' } },
      ]),
    },
    '/openapi.json': {
      get: {
        summary: 'This document',
        tags: ['meta'],
        security: [],
        responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  };
}
