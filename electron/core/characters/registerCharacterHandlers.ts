import type { ApiClient } from '../api/apiClient.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import { characterCreateIntent, characterRegenerateIntent, characterRevertIntent } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { priceIntent, type PricingServices } from '../jobs/pricing.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { RecordFlow } from '../records/recordFlow.ts';

/** What the character commands use of the active connection. */
export type CharacterServices = PricingServices & {
  api: Pick<ApiClient, 'deleteCharacter'>;
  queries: Pick<LibraryQueryStore, 'characters' | 'character'>;
  queue: Pick<JobQueue, 'enqueue'>;
  records: Pick<RecordFlow, 'forget'>;
};

export function registerCharacterHandlers(router: Router, deps: { active: () => CharacterServices }): void {
  const { active } = deps;

  router.register('characters.list', (input) => active().queries.characters(input.search));

  router.register('characters.get', (input) => {
    const view = active().queries.character(input.id);
    if (!view) throw new AppFailure('not_found', { what: 'character' });
    return view;
  });

  router.register('characters.create', async (input) => {
    const services = active();
    const draft = characterCreateIntent(input.body);
    const price = await priceIntent(services, draft, input.quoteId);
    const [job] = services.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });

  router.register('characters.regenerate', async (input) => {
    const services = active();
    const character = services.queries.character(input.id);
    if (!character) throw new AppFailure('not_found', { what: 'character' });
    if (character.status !== 'ready') throw new AppFailure('character_not_ready', {});
    const draft = characterRegenerateIntent(input.id, character.name, input.customDetails);
    const price = await priceIntent(services, draft, input.quoteId);
    const [job] = services.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });

  router.register('characters.revert', (input) => {
    const services = active();
    const character = services.queries.character(input.id);
    if (!character) throw new AppFailure('not_found', { what: 'character' });
    if (!character.canRevert) throw new AppFailure('nothing_to_revert', {});
    // Revert may refund rather than charge; it is still an intent so it runs exactly once.
    const [job] = services.queue.enqueue([{ ...characterRevertIntent(input.id, character.name), quoteId: null, quotedCredits: null }]);
    return job as NonNullable<typeof job>;
  });

  router.register('characters.delete', async (input) => {
    const services = active();
    if (!services.canSend()) throw new AppFailure('offline', { doing: 'delete_character' });
    await services.api.deleteCharacter(input.id);
    services.records.forget('character', input.id);
    return { ok: true as const };
  });
}
