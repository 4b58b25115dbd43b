import { describe, expect, it } from 'vitest';
import { commands, sceneCommands, SpeechSettings, TalkOptions } from '../../../../shared/ipc/index.ts';

const characterId = '6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const voiceId = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const text = (n: number) => 'x'.repeat(n);
const cdn = (n: number) => `https://127.0.0.1:8443/cdn/${n}.png`;

const create = (extra: object) => commands['generations.create'].input.safeParse({ quoteId: null, ...extra }).success;
const image = { character_id: characterId, type: 'image', prompt: 'a portrait' };
const talk = { character_id: characterId, type: 'talk', prompt: 'a portrait' };

describe("the app's commands take the limits the page and the service keep", () => {
  it('takes at most four results of one click, with one quote each', () => {
    expect(create({ body: image, count: 4, quoteIds: ['a', 'b', 'c', 'd'] })).toBe(true);
    expect(create({ body: image, count: 5 })).toBe(false);
    expect(create({ body: image, count: 2, quoteIds: ['a', 'b', 'c', 'd', 'e'] })).toBe(false);
  });

  it("takes a generation's style and expression of 1-100 characters", () => {
    const options = (extra: object) => create({ body: { ...image, options: extra } });
    expect(options({ style: text(100), expression: text(100) })).toBe(true);
    expect(options({ style: text(101) })).toBe(false);
    expect(options({ expression: '' })).toBe(false);
  });

  it('takes speech of 1-5000 characters and a track name of at most 200 before a talk clip', () => {
    const speech = (words: string, name?: string) =>
      create({ body: talk, speech: { voice_id: voiceId, text: words, ...(name === undefined ? {} : { name }) } });
    expect(speech(text(5000), text(200))).toBe(true);
    expect(speech('')).toBe(false);
    expect(speech(text(5001))).toBe(false);
    expect(speech('hello', text(201))).toBe(false);
  });

  it("takes a character's 4 reference images, and custom details of at most 1000 characters on a new version", () => {
    const character = (n: number) =>
      commands['characters.create'].input.safeParse({
        body: { name: 'A', parameters: {}, reference_image_urls: Array.from({ length: n }, (_, i) => cdn(i)) },
        quoteId: null,
      }).success;
    expect(character(4)).toBe(true);
    expect(character(5)).toBe(false);
    const regenerate = (details: string) =>
      commands['characters.regenerate'].input.safeParse({ id: characterId, customDetails: details, quoteId: null }).success;
    expect(regenerate(text(1000))).toBe(true);
    expect(regenerate(text(1001))).toBe(false);
  });

  it("takes a new character's traits of at most 500 characters and its prompt and details of at most 2000", () => {
    const parameters = (extra: object) =>
      commands['characters.create'].input.safeParse({
        body: { name: 'A', parameters: { creationType: 'prompt', ...extra } },
        quoteId: null,
      }).success;
    expect(parameters({ mood: text(500), prompt: text(2000), customDetails: text(2000) })).toBe(true);
    expect(parameters({ mood: text(501) })).toBe(false);
    expect(parameters({ artStyle: '' })).toBe(false);
    expect(parameters({ prompt: text(2001) })).toBe(false);
    expect(parameters({ customDetails: text(2001) })).toBe(false);
  });

  it("takes a scene line's talk clip of 1-15 seconds and its model-b speech fields at the service's lengths", () => {
    expect(TalkOptions.safeParse({ duration: 15 }).success).toBe(true);
    expect(TalkOptions.safeParse({ duration: 0 }).success).toBe(false);
    expect(TalkOptions.safeParse({ duration: 16 }).success).toBe(false);
    expect(TalkOptions.safeParse({ expression: text(100) }).success).toBe(true);
    expect(TalkOptions.safeParse({ expression: text(101) }).success).toBe(false);
    expect(SpeechSettings.safeParse({ speaker: text(1000), language: text(35) }).success).toBe(true);
    expect(SpeechSettings.safeParse({ speaker: text(1001) }).success).toBe(false);
    expect(SpeechSettings.safeParse({ style_instruction: '' }).success).toBe(false);
    expect(SpeechSettings.safeParse({ language: text(1) }).success).toBe(false);
    expect(SpeechSettings.safeParse({ language: text(36) }).success).toBe(false);
  });

  it('takes a profile name and a collection name of 1-100 characters and a scene title of at most 200', () => {
    const profile = (name: string) =>
      commands['profiles.add'].input.safeParse({ name, baseUrl: 'https://127.0.0.1:8443', cdnUrl: 'https://127.0.0.1:8443/cdn' }).success;
    expect(profile(text(100))).toBe(true);
    expect(profile('')).toBe(false);
    expect(profile(text(101))).toBe(false);
    const collection = (name: string) => commands['collections.create'].input.safeParse({ name }).success;
    expect(collection(text(100))).toBe(true);
    expect(collection(text(101))).toBe(false);
    const scene = (title: string) => sceneCommands['scenes.create'].input.safeParse({ title }).success;
    expect(scene(text(200))).toBe(true);
    expect(scene(text(201))).toBe(false);
  });
});
