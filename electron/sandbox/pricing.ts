import { DEFAULT_CAPABILITIES, OPERATION_IDS, type GenerationOptions, type GenerationType } from '../../shared/api/index.ts';

/** The pricing table in force; its version is bound into every quote (spec 2.6, 9). */
export const PRICING_VERSION = DEFAULT_CAPABILITIES.pricing_version;

/**
 * Decision (spec 8: "credit amounts charged per operation: not shown"). One table, one function:
 * quotes and paid submissions both call priceOf, so a quote's credits equal the later charge.
 */
export const PRICES = {
  character: 10,
  regenerateFull: 8,
  regenerateEdit: 5,
  revert: 0,
  image: 2,
  imageHd: 4,
  videoPerSecond: { standard: 3, pro: 5 },
  talkPerSecond: { standard: 2, pro: 3 },
  voiceClone: 20,
  voiceDesign: 15,
  audioCharsPerCredit: 250,
  audioModelBMultiplier: 2,
} as const;

export type Priced =
  | { operation: typeof OPERATION_IDS.createCharacter }
  | { operation: typeof OPERATION_IDS.regenerateCharacter; customDetails: string }
  | { operation: typeof OPERATION_IDS.revertCharacter }
  | { operation: typeof OPERATION_IDS.createGeneration; type: GenerationType; options: GenerationOptions }
  | { operation: typeof OPERATION_IDS.cloneVoice; setupMode: 'voice_clone' | 'voice_design' }
  | { operation: typeof OPERATION_IDS.createAudio; text: string; model: string };

export function priceOf(p: Priced): number {
  switch (p.operation) {
    case OPERATION_IDS.createCharacter:
      return PRICES.character;
    case OPERATION_IDS.regenerateCharacter:
      // spec 4.1: an empty custom_details means a full regeneration.
      return p.customDetails.trim() === '' ? PRICES.regenerateFull : PRICES.regenerateEdit;
    case OPERATION_IDS.revertCharacter:
      return PRICES.revert;
    case OPERATION_IDS.createGeneration:
      return generationPrice(p.type, p.options);
    case OPERATION_IDS.cloneVoice:
      return p.setupMode === 'voice_design' ? PRICES.voiceDesign : PRICES.voiceClone;
    case OPERATION_IDS.createAudio: {
      const chars = [...p.text].length;
      const base = Math.max(1, Math.ceil(chars / PRICES.audioCharsPerCredit));
      return p.model === 'voice-model-b' ? base * PRICES.audioModelBMultiplier : base;
    }
  }
}

function generationPrice(type: GenerationType, o: GenerationOptions): number {
  // spec 8: image hd may change the charge.
  if (type === 'image') return o.hd ? PRICES.imageHd : PRICES.image;
  const quality = o.quality ?? 'pro';
  const seconds = o.duration ?? (type === 'video' ? 5 : 10);
  return seconds * (type === 'video' ? PRICES.videoPerSecond[quality] : PRICES.talkPerSecond[quality]);
}
