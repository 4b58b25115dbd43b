import type { Capabilities, GenerationType, ModelInfo } from './catalog.ts';

/** The catalog's default model of a type (the first of that type when none is marked default). */
export function defaultModel(catalog: Capabilities, type: GenerationType): ModelInfo {
  const model = catalog.models.find((m) => m.type === type && m.is_default) ?? catalog.models.find((m) => m.type === type);
  if (!model) throw new Error(`The catalog has no ${type} model.`);
  return model;
}

/** The model a request names, or the default model of its type when it names none; undefined for an unknown id. */
export function findModel(catalog: Capabilities, type: GenerationType, id: string | undefined): ModelInfo | undefined {
  return id === undefined ? defaultModel(catalog, type) : catalog.models.find((m) => m.type === type && m.id === id);
}
