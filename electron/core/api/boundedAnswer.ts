import type { Dispatcher } from 'undici';
import { JSON_ANSWER_BYTE_LIMIT } from '../../../shared/api/limits.ts';
import { ServiceError } from './serviceError.ts';

const MB = 1024 * 1024;

/** The error of an answer cut off at the bound: the service answered, but too much to use. */
export function answerTooLarge(status: number, limit: number): ServiceError {
  return new ServiceError({
    code: 'answer_too_large',
    status,
    message: `The service sent an answer larger than Cast Studio reads (${Math.round(limit / MB)} MB), so it was cut off and not used. Try again later; if it keeps happening, tell the service’s support.`,
  });
}

/**
 * Reads an answer's body as text, counting bytes as they arrive: an answer that announces more
 * than `limit` bytes is not read at all, and one that runs past it is cut off there (the
 * connection closed), so an answer without end never holds more than `limit` bytes in memory.
 */
export async function readBoundedText(
  answer: Pick<Dispatcher.ResponseData, 'statusCode' | 'headers' | 'body'>,
  limit: number = JSON_ANSWER_BYTE_LIMIT,
): Promise<string> {
  const declared = Number(answer.headers['content-length'] ?? Number.NaN);
  if (declared > limit) {
    answer.body.destroy();
    throw answerTooLarge(answer.statusCode, limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early (by the throw) destroys the body.
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw answerTooLarge(answer.statusCode, limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
