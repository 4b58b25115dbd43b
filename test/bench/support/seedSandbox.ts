import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startSandbox, type SandboxHandle } from '../../support/sandboxProcess.ts';
import { sleep } from './stats.ts';

const PLACEHOLDER = { CAST_SANDBOX_RENDERER: 'placeholder' };

/** A sandbox (placeholder media) whose seeded user has one character and one completed image generation. */
export async function startSandboxWithOneGeneration(): Promise<{ sandbox: SandboxHandle; generationId: string }> {
  const sandbox = await startSandbox({ env: PLACEHOLDER });
  const character = await sandbox.request('POST', '/v1/characters', {
    headers: { 'idempotency-key': randomUUID() },
    body: { name: 'Sync', parameters: {} },
  });
  const characterId = (character.body as { data: { id: string } }).data.id;
  for (let i = 0; i < 100; i += 1) {
    if (((await sandbox.request('GET', `/v1/characters/${characterId}`)).body as { data: { status: string } }).data.status === 'ready')
      break;
    await sleep(100);
  }
  const made = await sandbox.request('POST', '/v1/generations', {
    headers: { 'idempotency-key': randomUUID() },
    body: { character_id: characterId, type: 'image', prompt: 'sync bench' },
  });
  const generationId = (made.body as { data: { id: string } }).data.id;
  for (let i = 0; i < 100; i += 1) {
    if (
      ((await sandbox.request('GET', `/v1/generations/${generationId}`)).body as { data: { status: string } }).data.status === 'completed'
    )
      break;
    await sleep(100);
  }
  return { sandbox, generationId };
}

/**
 * Stops the sandbox, adds `copies` completed image generations copied from `generationId` in SQL
 * (older than it, so an incremental sync does not list them; their media is the original's on the
 * CDN) and starts it again on the same data and key. Returns the new handle.
 */
export async function addGenerationCopies(sandbox: SandboxHandle, generationId: string, copies: number): Promise<SandboxHandle> {
  const key = sandbox.ready.api_key;
  await sandbox.stop();
  const db = new DatabaseSync(join(sandbox.dataDir, 'sandbox.db'));
  const template = db.prepare('SELECT * FROM generations WHERE id = ?').get(generationId) as Record<string, unknown>;
  const insert = db.prepare(
    `INSERT INTO generations (id, user_id, character_id, character_version, type, operation, status, prompt, model, options, credits_used, output_url, thumbnail_url, duration_seconds, error_message, due_ms, created_at, updated_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const base = Date.parse(String(template.created_at)) - (copies + 1) * 1000;
  db.exec('BEGIN');
  for (let i = 1; i <= copies; i += 1) {
    const at = new Date(base + i * 1000).toISOString();
    insert.run(
      randomUUID(),
      template.user_id as string,
      template.character_id as string,
      template.character_version as number,
      'image',
      template.operation as string,
      'completed',
      `sync bench ${i}`,
      template.model as string,
      template.options as string,
      template.credits_used as number,
      template.output_url as string,
      template.thumbnail_url as string,
      null,
      null,
      null,
      at,
      at,
      at,
    );
  }
  db.exec('COMMIT');
  db.close();
  return startSandbox({ dataDir: sandbox.dataDir, env: { ...PLACEHOLDER, CAST_SANDBOX_API_KEY: key } });
}
