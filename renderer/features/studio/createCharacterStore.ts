import { create, type StoreApi } from 'zustand';
import { TRAITS_BY_CREATION_TYPE } from '../../../shared/api/characterTraits.ts';
import type { CreationType } from '../../../shared/api/index.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import type { AppError, CommandInput, Job } from '../../../shared/ipc/index.ts';
import { attach, readyUrls, releaseAttachment, stillUploading, type Attachment, type AttachmentInput } from '../../stores/attachments.ts';
import type { Refusal } from '../../stores/uploads.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { isFresh, QuotePricer, type PriceState } from '../../stores/quotePricer.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { currentFormats } from '../../i18n/currentLocale.ts';
import { TRAITS, traitWhat, type TraitKey } from './traitCatalog.ts';
import { tooLongMessage } from '../../ui/format.ts';

type CreateBody = CommandInput<'characters.create'>['body'];

type CreateCharacterState = {
  name: string;
  creationType: CreationType;
  traits: Partial<Record<TraitKey, string>>;
  references: Attachment[];
  /** Why files were not taken: worded when shown, in the language shown then. */
  refused: Refusal[];
  price: PriceState;
  submitting: boolean;
  error: AppError | null;
  /** Set once the user tried to submit: problems show from then on. */
  attempted: boolean;
  setName: (name: string) => void;
  setCreationType: (type: CreationType) => void;
  setTrait: (key: TraitKey, value: string) => void;
  addReferences: (inputs: AttachmentInput[]) => void;
  removeReference: (key: string) => void;
  submit: () => Promise<Job | null>;
  reset: () => void;
};

const initial = {
  name: '',
  creationType: 'human' as CreationType,
  traits: {},
  references: [],
  refused: [],
  price: { status: 'idle' } as PriceState,
  submitting: false,
  error: null,
  attempted: false,
};

export type CreateProblems = { name: string | null; references: string | null; prompt: string | null };

/** What stands between the form and a valid request, as sentences; all null when it can go. */
export function createProblems(state: Pick<CreateCharacterState, 'name' | 'creationType' | 'traits' | 'references'>): CreateProblems {
  const name = state.name.trim();
  const uploading = stillUploading(state.references);
  // A failed image says why on its slot and goes unsent; it never holds the character back.
  const ready = readyUrls(state.references).length;
  const say = currentFormats();
  return {
    name: !name
      ? say.text('studio.create.problem.noName')
      : name.length > LIMITS.characterName.max
        ? say.text('studio.create.problem.nameTooLong', { max: LIMITS.characterName.max })
        : null,
    references: uploading
      ? say.text('studio.create.problem.uploading')
      : state.creationType === 'image' && ready === 0
        ? say.text('studio.create.problem.noImage')
        : null,
    prompt:
      state.creationType === 'prompt' && !state.traits.prompt?.trim() ? say.text('studio.create.problem.noPrompt') : tooLongTrait(state),
  };
}

/** The first long trait past its limit, in words (the field says so too; the form never cuts it). */
function tooLongTrait(state: Pick<CreateCharacterState, 'creationType' | 'traits'>): string | null {
  for (const key of TRAITS_BY_CREATION_TYPE[state.creationType]) {
    const info = TRAITS[key as TraitKey];
    const message = tooLongMessage(traitWhat(key as TraitKey), state.traits[key as TraitKey]?.length ?? 0, info.max);
    if (message) return message;
  }
  return null;
}

/** The request body as the service will see it: only the traits of the chosen creation type. */
export function buildCreateBody(state: Pick<CreateCharacterState, 'name' | 'creationType' | 'traits' | 'references'>): CreateBody | null {
  const problems = createProblems(state);
  if (problems.name || problems.references || problems.prompt) return null;
  const parameters: Record<string, string> = { creationType: state.creationType };
  for (const key of TRAITS_BY_CREATION_TYPE[state.creationType]) {
    const value = state.traits[key as TraitKey]?.trim();
    if (value) parameters[key] = value;
  }
  const urls = readyUrls(state.references);
  return {
    name: state.name.trim(),
    parameters,
    ...(urls.length > 0 ? { reference_image_urls: urls } : {}),
  };
}

type SetCreate = StoreApi<CreateCharacterState>['setState'];
type GetCreate = StoreApi<CreateCharacterState>['getState'];

export const useCreateCharacterStore = create<CreateCharacterState>()((set, get) => {
  const pricer = new QuotePricer((price) => set({ price }));
  const reprice = () => {
    const body = buildCreateBody(get());
    pricer.request(body ? { operationId: OPERATION_IDS.createCharacter, input: body } : null);
  };

  return {
    ...initial,
    ...fields(set, reprice),
    ...references(set, get, reprice),
    ...submission(set, get, pricer, reprice),
    reset: () => {
      for (const reference of get().references) releaseAttachment(reference);
      pricer.cancel();
      set(initial);
    },
  };
});

/** The name, creation type and traits; each change prices the request again. */
function fields(set: SetCreate, reprice: () => void) {
  return {
    setName: (name) => {
      set({ name, error: null });
      reprice();
    },
    setCreationType: (creationType) => {
      set({ creationType, error: null });
      reprice();
    },
    setTrait: (key, value) => {
      set((state) => ({ traits: { ...state.traits, [key]: value }, error: null }));
      reprice();
    },
  } satisfies Partial<CreateCharacterState>;
}

/** The reference images: added as they upload, dropped when they fail, removed on request. */
function references(set: SetCreate, get: GetCreate, reprice: () => void) {
  const sink = {
    add: (attachment: Attachment) => set((state) => ({ references: [...state.references, attachment] })),
    patch: (key: string, change: Partial<Attachment>) => {
      set((state) => ({ references: state.references.map((r) => (r.key === key ? { ...r, ...change } : r)) }));
      reprice();
    },
    drop: (key: string, refusal: Refusal) => {
      const dropped = get().references.find((r) => r.key === key);
      if (dropped) releaseAttachment(dropped);
      set((state) => ({ references: state.references.filter((r) => r.key !== key), refused: [...state.refused, refusal] }));
      reprice();
    },
  };
  return {
    addReferences: (inputs) => {
      const room = LIMITS.characterReferenceImages - get().references.length;
      set({ refused: attach(inputs, { kinds: ['image'], room, sink }) });
      reprice();
    },
    removeReference: (key) => {
      const removed = get().references.find((r) => r.key === key);
      if (removed) releaseAttachment(removed);
      set((state) => ({ references: state.references.filter((r) => r.key !== key), refused: [] }));
      reprice();
    },
  } satisfies Partial<CreateCharacterState>;
}

/** Sending the request once its price is fresh and covered (or unknown, to be queued). */
function submission(set: SetCreate, get: GetCreate, pricer: QuotePricer, reprice: () => void) {
  return {
    submit: async () => {
      set({ attempted: true });
      const body = buildCreateBody(get());
      if (!body || get().submitting) return null;
      set({ submitting: true, error: null });
      let price = get().price;
      if (!isFresh(price)) price = await pricer.refreshNow();
      // With no price (offline, say) the intent may still be queued; core prices it when it sends.
      if (price.status === 'idle' || (price.status === 'priced' && !price.price.covered)) {
        set({ submitting: false });
        return null;
      }
      const quoteId = price.status === 'priced' ? price.price.quoteId : null;
      const result = await useCharactersStore.getState().create({ body, quoteId });
      if ('error' in result) {
        set({ submitting: false, error: result.error });
        pricer.invalidate();
        reprice();
        return null;
      }
      get().reset();
      return result.job;
    },
  } satisfies Partial<CreateCharacterState>;
}

registerStoreReset(() => useCreateCharacterStore.getState().reset());
