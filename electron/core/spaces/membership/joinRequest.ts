import { z } from 'zod';
import { readBoundedText } from '../../api/boundedAnswer.ts';
import { AppFailure } from '../../ipc/appFailure.ts';

/** A join answer is five short strings; anything longer is not one. */
const ANSWER_BYTE_LIMIT = 16 * 1024;
/** How long a join may take, from connecting to the answer's last byte. */
export const JOIN_TIMEOUT_MS = 20_000;

const Text = (max: number) => z.string().trim().min(1).max(max);
/** What a sync server answers a join code with (sync-server/joinEndpoint.ts); anything else is refused. */
const JoinAnswer = z.object({
  spaceId: z.string().regex(/^[0-9A-Za-z_-]{1,100}$/),
  spaceName: Text(200),
  memberId: z.string().regex(/^[0-9A-Za-z_-]{1,100}$/),
  memberName: Text(200),
  token: z.string().regex(/^[\x21-\x7e]{16,500}$/),
});
export type JoinAnswer = z.infer<typeof JoinAnswer>;

/**
 * `POST <serverUrl>/join {"code"}` → the space and a member token. The server is not trusted: no
 * redirect is followed (a join code goes to the address the person typed and nowhere else), the
 * whole exchange has a time limit, the answer is read up to a small bound and checked field by
 * field. The server's own words are not shown: each outcome has a sentence of ours.
 */
export async function requestJoin(serverUrl: string, code: string, timeoutMs = JOIN_TIMEOUT_MS): Promise<JoinAnswer> {
  const { request } = await import('undici');
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`${serverUrl}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new AppFailure('space_server_unreachable', {}, { field: 'serverUrl' });
  }
  if (answer.statusCode === 403) {
    await discard(answer);
    throw new AppFailure('space_join_refused', {}, { field: 'joinCode' });
  }
  return readAnswer(answer);
}

async function readAnswer(answer: Awaited<ReturnType<typeof import('undici').request>>): Promise<JoinAnswer> {
  if (answer.statusCode !== 200) {
    await discard(answer);
    throw new AppFailure('space_server_answer', {}, { field: 'serverUrl' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBoundedText(answer, ANSWER_BYTE_LIMIT));
  } catch (error) {
    const failure = error instanceof SyntaxError || isTooLarge(error) ? 'space_server_answer' : 'space_server_unreachable';
    throw new AppFailure(failure, {}, { field: 'serverUrl' });
  }
  const checked = JoinAnswer.safeParse(parsed);
  if (!checked.success) throw new AppFailure('space_server_answer', {}, { field: 'serverUrl' });
  return checked.data;
}

/** An answer not read: what little of it there is goes (a redirect's or refusal's body), the connection with it if more. */
async function discard(answer: Awaited<ReturnType<typeof import('undici').request>>): Promise<void> {
  await answer.body.dump({ limit: ANSWER_BYTE_LIMIT }).catch(() => {});
}

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'answer_too_large';
}
