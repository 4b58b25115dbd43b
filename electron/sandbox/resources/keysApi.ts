import { CreateKeyRequest } from '../../../shared/api/index.ts';
import { createKey, keyListing } from '../apiKeys.ts';
import { authenticateSession } from '../auth.ts';
import { transaction } from '../db/database.ts';
import { listUnrevokedKeys, revokeKey } from '../repos/keyRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { JSON_BODY_LIMIT, parseJson, readBody } from '../server/http.ts';
import type { Router } from '../server/router.ts';
import { parseValid } from '../validation.ts';

/** spec 4.7: key management of the web application, authenticated by a session token. */
export function registerKeysApi(router: Router): void {
  router.add('POST', '/api/keys', async (ctx) => {
    const s = ctx.services;
    const user = authenticateSession(s.db, ctx.req);
    const input = parseValid(CreateKeyRequest, parseJson(await readBody(ctx.req, JSON_BODY_LIMIT)));
    const now = s.now();
    if (input.expires_at !== undefined && Date.parse(input.expires_at) <= now.getTime()) {
      throw new SandboxError('validation_error', 'expires_at must be in the future.', 'expires_at');
    }
    const created = transaction(s.db, () =>
      createKey(s.db, user.id, { name: input.name, scopes: input.scopes, expiresAt: input.expires_at }, now),
    );
    // spec 2.1: the plaintext key and the webhook secret are shown once, here.
    return {
      status: 201,
      headers: { Location: `/api/keys/${created.record.id}` },
      body: {
        data: {
          ...keyListing(created.record),
          key: created.key,
          webhook_secret: created.webhookSecret,
        },
      },
    };
  });

  router.add('GET', '/api/keys', async (ctx) => {
    const s = ctx.services;
    const user = authenticateSession(s.db, ctx.req);
    return { status: 200, body: { data: listUnrevokedKeys(s.db, user.id).map(keyListing) } };
  });

  // spec 2.1: revocation is a soft delete; the key is refused from then on (invalid_api_key).
  router.add('DELETE', '/api/keys/:id', async (ctx) => {
    const s = ctx.services;
    const user = authenticateSession(s.db, ctx.req);
    const id = ctx.params.id ?? '';
    if (!revokeKey(s.db, user.id, id, s.now().toISOString()))
      throw new SandboxError('not_found', 'No active key with this id exists in your account.');
    return { status: 200, body: { data: { id, deleted: true, revoked: true } } };
  });
}
