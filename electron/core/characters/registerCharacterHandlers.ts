import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { characterCreateIntent, characterRegenerateIntent, characterRevertIntent } from '../jobs/intentKinds.ts';
import { priceIntent } from '../jobs/pricing.ts';

export function registerCharacterHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  router.register('characters.list', (input) => connections.requireSession().queries.characters(input.search));

  router.register('characters.get', (input) => {
    const view = connections.requireSession().queries.character(input.id);
    if (!view) throw new AppFailure('not_found', 'That character is not in your library. It may have been deleted.');
    return view;
  });

  router.register('characters.create', async (input) => {
    const session = connections.requireSession();
    const draft = characterCreateIntent(input.body);
    const price = await priceIntent(session, draft, input.quoteId);
    const [job] = session.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });

  router.register('characters.regenerate', async (input) => {
    const session = connections.requireSession();
    const character = session.queries.character(input.id);
    if (!character) throw new AppFailure('not_found', 'That character is not in your library.');
    if (character.status !== 'ready') throw new AppFailure('invalid_state', 'Only a ready character can be regenerated. Wait until it is ready.');
    const draft = characterRegenerateIntent(input.id, character.name, input.customDetails);
    const price = await priceIntent(session, draft, input.quoteId);
    const [job] = session.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });

  router.register('characters.revert', async (input) => {
    const session = connections.requireSession();
    const character = session.queries.character(input.id);
    if (!character) throw new AppFailure('not_found', 'That character is not in your library.');
    if (!character.canRevert) throw new AppFailure('invalid_state', 'This character has no earlier version to go back to.');
    // Revert may refund rather than charge; it is still an intent so it runs exactly once.
    const [job] = session.queue.enqueue([{ ...characterRevertIntent(input.id, character.name), quoteId: null, quotedCredits: null }]);
    return job as NonNullable<typeof job>;
  });

  router.register('characters.delete', async (input) => {
    const session = connections.requireSession();
    if (!session.canSend()) throw new AppFailure('offline', 'Deleting a character needs the service. Try again when you are online.');
    await session.api.deleteCharacter(input.id);
    session.forget('character', input.id);
    return { ok: true as const };
  });
}
