import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceList } from '../../shared/api/index.ts';
import type { SandboxHandle } from '../support/sandboxProcess.ts';
import {
  body,
  createUser,
  expectError,
  get,
  post,
  readyCharacter,
  sampleMp4,
  samplePng,
  sampleWav,
  startContractSandbox,
  upload,
  validCharacter,
  type TestUser,
} from './helpers.ts';

let sb: SandboxHandle;
let user: TestUser;
let good: string;
let port: string;
let sha: string;

beforeAll(async () => {
  sb = await startContractSandbox();
  user = await createUser(sb, { credits: 5000 });
  good = await upload(sb, samplePng(), 'image/png', user.key);
  const url = new URL(good);
  port = url.port;
  sha = url.pathname.slice('/cdn/'.length, '/cdn/'.length + 64);
});
afterAll(async () => {
  await sb?.stop();
});

/** Hostile spellings: other schemes, hosts, IP encodings, userinfo, traversal, encodings, tricks. */
/** Templates: {PORT}, {SHA}, {SHA_UPPER} and {ZEROS} are filled in once the sandbox runs. */
const HOSTILE: readonly string[] = [
  `http://127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `HTTPS://127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `hTTps://127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `ftp://127.0.0.1:{PORT}/cdn/{SHA}.png`,
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'gopher://127.0.0.1:6379/_INFO',
  `//127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `/cdn/{SHA}.png`,
  `https://user:pass@127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `https://127.0.0.1:{PORT}@evil.example/cdn/{SHA}.png`,
  `https://evil.example@127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `https://evil.example/cdn/{SHA}.png`,
  `https://localhost:{PORT}/cdn/{SHA}.png`,
  `https://LOCALHOST:{PORT}/cdn/{SHA}.png`,
  `https://127.0.0.1/cdn/{SHA}.png`,
  `https://127.0.0.1:443/cdn/{SHA}.png`,
  `https://127.0.0.1:0{PORT}/cdn/{SHA}.png`,
  `https://127.0.0.1.:{PORT}/cdn/{SHA}.png`,
  `https://127.0.0.2:{PORT}/cdn/{SHA}.png`,
  `https://2130706433:{PORT}/cdn/{SHA}.png`,
  `https://0x7f000001:{PORT}/cdn/{SHA}.png`,
  `https://0177.0.0.1:{PORT}/cdn/{SHA}.png`,
  `https://127.1:{PORT}/cdn/{SHA}.png`,
  `https://[::1]:{PORT}/cdn/{SHA}.png`,
  `https://[::ffff:127.0.0.1]:{PORT}/cdn/{SHA}.png`,
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/cdn/x.png',
  'https://192.168.1.1/',
  `https://127.0.0.1.nip.io:{PORT}/cdn/{SHA}.png`,
  `https://127.0.0.1:{PORT}/cdn/../sandbox/ledger`,
  `https://127.0.0.1:{PORT}/cdn/%2e%2e/sandbox/ledger`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}%2epng`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}.png%00.jpg`,
  `https://127.0.0.1:{PORT}/CDN/{SHA}.png`,
  `https://127.0.0.1:{PORT}/cdn/{SHA_UPPER}.png`,
  `https://127.0.0.1:{PORT}//cdn/{SHA}.png`,
  `https://127.0.0.1:{PORT}/cdn//{SHA}.png`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}.png?x=1`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}.png#frag`,
  `https://127.0.0.1:{PORT}/v1/account`,
  `https://127.0.0.1:{PORT}/sandbox/ledger`,
  ` https://127.0.0.1:{PORT}/cdn/{SHA}.png`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}.png `,
  `https://127.0.0.1:{PORT}\\@evil.example/cdn/{SHA}.png`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}.png\n`,
  `https://127.0.0.1:{PORT}/cdn/{SHA}.exe`,
  `https://127.0.0.1:{PORT}/cdn/{ZEROS}.png`,
  `https://127.0.0.1:{PORT}/cdn/`,
  `https://ⅼocalhost:{PORT}/cdn/{SHA}.png`,
  'not a url',
  '',
];

const fill = (template: string): string =>
  template
    .replaceAll('{PORT}', port)
    .replaceAll('{SHA_UPPER}', sha.toUpperCase())
    .replaceAll('{SHA}', sha)
    .replaceAll('{ZEROS}', '0'.repeat(64));

describe('server-side request forgery (spec 4 general rules)', () => {
  it('spec 4: there are at least 25 hostile URLs under test', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
  });

  it('spec 4: the canonical CDN URL of the caller’s upload is accepted', async () => {
    expect((await post(sb, '/v1/characters', validCharacter({ reference_image_urls: [good] }), { key: user.key })).status).toBe(201);
  });

  it.each(HOSTILE.map((u) => [u]))('spec 4: hostile URL %s is refused in reference_image_urls naming the field', async (template) => {
    const res = await post(sb, '/v1/characters', validCharacter({ reference_image_urls: [good, fill(template)] }), { key: user.key });
    expectError(res, 400, 'validation_error');
    expect(String((res.body as { error: { field: string } }).error.field)).toMatch(/^reference_image_urls(\[1\])?$/);
  });

  it('spec 4: every URL field is checked (start_frame, input_image, reference_video, audio_url, reference_images, reference_audio, source_url)', async () => {
    const characterId = await readyCharacter(sb, user.key);
    const bad = 'https://169.254.169.254/latest/meta-data';
    const gen = (o: Record<string, unknown>, type = 'video') =>
      post(sb, '/v1/generations', { character_id: characterId, type, prompt: 'x', options: o }, { key: user.key });
    expectError(await gen({ start_frame: bad }), 400, 'validation_error', 'options.start_frame');
    expectError(await gen({ image_mode: 'edit', input_image: bad }, 'image'), 400, 'validation_error', 'options.input_image');
    expectError(await gen({ video_mode: 'remix', reference_video: bad }), 400, 'validation_error', 'options.reference_video');
    expectError(await gen({ audio_url: bad }, 'talk'), 400, 'validation_error', 'options.audio_url');
    expectError(await gen({ reference_images: [bad] }, 'image'), 400, 'validation_error', 'options.reference_images[0]');
    const preset = String(body(await get(sb, '/v1/voices', user.key), VoiceList).data.presets[0]?.id);
    expectError(
      await post(sb, '/v1/audio', { voice_id: preset, text: 'x', model: 'voice-model-b', reference_audio: bad }, { key: user.key }),
      400,
      'validation_error',
      'reference_audio',
    );
    expectError(
      await post(sb, '/v1/voices/clone', { name: 'x', source_url: bad }, { key: user.key }),
      400,
      'validation_error',
      'source_url',
    );
  });

  it('spec 4.1 / 4.4: a URL must name an existing object the caller owns (another user’s upload is refused)', async () => {
    const stranger = await createUser(sb);
    const theirs = await upload(sb, samplePng(), 'image/png', stranger.key);
    expectError(
      await post(sb, '/v1/characters', validCharacter({ reference_image_urls: [theirs] }), { key: user.key }),
      400,
      'validation_error',
      'reference_image_urls[0]',
    );
  });

  it('spec 4: a URL field takes only its kind of media (audio in an image field is refused)', async () => {
    const wav = await upload(sb, sampleWav(), 'audio/wav', user.key);
    const mp4 = await upload(sb, sampleMp4(), 'video/mp4', user.key);
    expectError(
      await post(sb, '/v1/characters', validCharacter({ reference_image_urls: [wav] }), { key: user.key }),
      400,
      'validation_error',
      'reference_image_urls[0]',
    );
    expectError(
      await post(sb, '/v1/voices/clone', { name: 'x', source_url: mp4 }, { key: user.key }),
      400,
      'validation_error',
      'source_url',
    );
  });
});
