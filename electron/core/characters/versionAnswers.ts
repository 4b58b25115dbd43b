import { RegenerateResponse, RevertResponse } from '../../../shared/api/index.ts';
import type { Accepted, AnswerHead } from '../jobs/acceptedAnswer.ts';

/**
 * spec 4.1 regenerate: "201 accepted; a `Location` header points to the generation to poll", "200
 * exact terminal recovery", and "Response body of regenerate: not shown". The status and Location
 * are the answer; a body in the sandbox's shape adds the charge. Whatever else it holds, the
 * character (named by the request's own path) is followed until it is terminal, which is how a
 * recovered answer's outcome is learned too.
 */
export function readRegenerateAnswer(json: unknown, head: AnswerHead): Accepted {
  const known = RegenerateResponse.safeParse(json);
  if (known.success) {
    const d = known.data.data;
    return {
      resourceKind: 'character',
      resourceId: d.character_id,
      creditsUsed: d.credits_used,
      creditsRemaining: d.credits_remaining,
      chargeRef: d.generation_id,
      settled: false,
      mirror: null,
    };
  }
  return {
    resourceKind: 'character',
    resourceId: characterOf(head),
    creditsUsed: null,
    creditsRemaining: null,
    chargeRef: generationIn(head.headers.location),
    settled: false,
    mirror: null,
  };
}

/**
 * spec 4.1 revert: "200 reverted" and "Response body of revert: not shown". With a body in the
 * sandbox's shape the refund is known; without one the answer is still final, and the session
 * reads the character once to learn the restored version.
 */
export function readRevertAnswer(json: unknown, head: AnswerHead): Accepted {
  const known = RevertResponse.safeParse(json);
  if (known.success) {
    const d = known.data.data;
    return {
      resourceKind: 'character',
      resourceId: d.character_id,
      creditsUsed: -d.credits_refunded,
      creditsRemaining: d.credits_remaining,
      chargeRef: null,
      settled: true,
      mirror: null,
    };
  }
  return {
    resourceKind: 'character',
    resourceId: characterOf(head),
    creditsUsed: null,
    creditsRemaining: null,
    chargeRef: null,
    settled: true,
    mirror: null,
  };
}

/** The character id of `/v1/characters/{id}/regenerate` (or `/revert`), under any base path. */
function characterOf(head: AnswerHead): string {
  const match = /\/characters\/([^/?#]+)\/(?:regenerate|revert)(?:[?#]|$)/.exec(head.path);
  if (!match?.[1]) throw new Error(`Not a character operation path: ${head.path}`);
  return decodeURIComponent(match[1]);
}

/** The generation a `Location` names (`/v1/generations/{id}`, relative or absolute), or null. */
function generationIn(location: string | undefined): string | null {
  if (!location) return null;
  const path = URL.parse(location, 'https://service.invalid')?.pathname ?? '';
  const match = /\/generations\/([^/]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
