import { buildOpenApi } from './openapi.ts';
import { registerAccount } from './resources/account.ts';
import { registerAdmin } from './resources/admin.ts';
import { registerAudio } from './resources/audio.ts';
import { registerCdn } from './resources/cdn.ts';
import { registerCharacterVersions } from './resources/characterVersions.ts';
import { registerCharacters } from './resources/characters.ts';
import { registerGenerations } from './resources/generations.ts';
import { registerKeysApi } from './resources/keysApi.ts';
import { registerQuotes } from './resources/quotes.ts';
import { registerUploads } from './resources/uploads.ts';
import { registerVoices } from './resources/voices.ts';
import { Router } from './server/router.ts';
import { DEFAULT_VARIANTS, type VariantSet } from './variants/variantSet.ts';

/** Every endpoint of the sandbox, in one place. */
export function buildRouter(adminToken: string, variants: VariantSet = DEFAULT_VARIANTS): Router {
  const router = new Router((route) => !variants.hides(route));
  registerCharacters(router);
  registerCharacterVersions(router);
  registerGenerations(router);
  registerVoices(router);
  registerAudio(router);
  registerAccount(router);
  registerQuotes(router);
  registerUploads(router);
  registerKeysApi(router);
  registerCdn(router);
  registerAdmin(router, adminToken);
  router.add('GET', '/openapi.json', async (ctx) => ({ status: 200, body: buildOpenApi(ctx.services.baseUrl) }));
  return router;
}
