import { z } from 'zod';
import {
  AccountResponse,
  AudioResponse,
  AudioTrack,
  CapabilitiesResponse,
  Character,
  CharacterResponse,
  CreditTransaction,
  Generation,
  GenerationResponse,
  QuoteResponse,
  UploadResponse,
  Voice,
  VoiceResponse,
  type Account,
  type Capabilities,
  type CreateQuoteRequest,
  type GenerationListQuery,
  type Quote,
  type Upload,
} from '../../../shared/api/index.ts';
import type { Logger } from '../log/logger.ts';
import type { HttpClient, HttpRequest, HttpResponse, QueryValue, StreamedBody } from './httpClient.ts';
import { checkAdvances, cursorOf, sequelOf, type NextPage } from './listPage.ts';
import type { RetryPolicy } from './retryPolicy.ts';
import { ServiceError } from './serviceError.ts';

export type Page<T> = { items: T[]; hasMore: boolean; nextCursor: string | null; date: string | null };

/** spec 4.4: the voice list's data holds the caller's voices and the presets. */
const VoicePage = z.looseObject({ data: z.looseObject({ voices: z.array(Voice), presets: z.array(Voice) }) });

/** A creating request as the outbox stored it: the exact bytes, the key and the quote. */
export type PaidRequest = {
  method: 'POST';
  path: string;
  body: string;
  idempotencyKey: string;
  quoteId: string | null;
  /** Asked before each retry inside the call (HttpRequest's `mayRetry`). */
  mayRetry?: (retry: { inMs: number; inDoubt: boolean }) => boolean;
};

/**
 * A typed method per endpoint of the spec. Responses are checked against the shared zod contract,
 * which tolerates unknown fields (looseObject); a response that breaks it is an `invalid_response`.
 */
export class ApiClient {
  readonly http: HttpClient;
  private readonly log: Logger;

  constructor(http: HttpClient, log: Logger) {
    this.http = http;
    this.log = log;
  }

  // --- account and catalog (spec 4.6, capabilities decision)
  async account(): Promise<Account> {
    return (await this.get('/v1/account', AccountResponse)).data;
  }

  async capabilities(): Promise<Capabilities> {
    return (await this.get('/v1/capabilities', CapabilitiesResponse)).data;
  }

  usage(query: { limit?: number; type?: string } = {}, cursor: string | null = null): AsyncGenerator<Page<CreditTransaction>> {
    return this.pages('/v1/account/usage', query, CreditTransaction, cursor);
  }

  // --- characters (spec 4.1)
  characters(query: { limit?: number } = {}): AsyncGenerator<Page<Character>> {
    return this.pages('/v1/characters', query, Character);
  }

  async character(id: string): Promise<Character> {
    return (await this.get(`/v1/characters/${encodeURIComponent(id)}`, CharacterResponse)).data;
  }

  async deleteCharacter(id: string): Promise<void> {
    await this.delete(`/v1/characters/${encodeURIComponent(id)}`);
  }

  // --- generations (spec 4.2)
  generations(query: Omit<GenerationListQuery, 'cursor'> = {}): AsyncGenerator<Page<Generation>> {
    return this.pages('/v1/generations', query, Generation);
  }

  async generation(id: string): Promise<Generation> {
    return (await this.get(`/v1/generations/${encodeURIComponent(id)}`, GenerationResponse)).data;
  }

  async deleteGeneration(id: string): Promise<void> {
    await this.delete(`/v1/generations/${encodeURIComponent(id)}`);
  }

  // --- voices (spec 4.4): `limit` turns pagination on; presets repeat on every page.
  async *voices(
    query: { limit?: number; presets?: boolean } = {},
  ): AsyncGenerator<{ voices: Voice[]; presets: Voice[]; hasMore: boolean }> {
    const limit = query.limit ?? 100;
    for await (const page of this.walk('/v1/voices', { limit, presets: query.presets === false ? 'false' : undefined }, VoicePage)) {
      yield { voices: page.body.data.voices, presets: page.body.data.presets, hasMore: page.hasMore };
    }
  }

  async voice(id: string): Promise<Voice> {
    return (await this.get(`/v1/voices/${encodeURIComponent(id)}`, VoiceResponse)).data;
  }

  // --- audio (spec 4.5)
  audioTracks(query: { voice_id?: string; limit?: number } = {}): AsyncGenerator<Page<AudioTrack>> {
    return this.pages('/v1/audio', query, AudioTrack);
  }

  async audio(id: string): Promise<AudioTrack> {
    return (await this.get(`/v1/audio/${encodeURIComponent(id)}`, AudioResponse)).data;
  }

  async deleteAudio(id: string): Promise<void> {
    await this.delete(`/v1/audio/${encodeURIComponent(id)}`);
  }

  // --- quotes (spec 4.3): free and side-effect free, but keyed like every creating request.
  async createQuote(body: CreateQuoteRequest, idempotencyKey: string): Promise<Quote> {
    return (
      await this.request({ method: 'POST', path: '/v1/quotes', body: JSON.stringify(body), idempotencyKey, retry: true }, QuoteResponse)
    ).data;
  }

  async quote(id: string): Promise<Quote> {
    return (await this.get(`/v1/quotes/${encodeURIComponent(id)}`, QuoteResponse)).data;
  }

  // --- uploads (spec 4.7 leaves the endpoint unshown; decision: POST with the raw bytes and their
  // Content-Type, at the connection's upload path). A file is streamed, never held whole.
  async upload(body: Uint8Array | StreamedBody, contentType: string, idempotencyKey: string, path = '/v1/uploads'): Promise<Upload> {
    return (await this.request({ method: 'POST', path, body, contentType, idempotencyKey, retry: true }, UploadResponse)).data;
  }

  /**
   * Sends a paid request exactly as stored. 202 is retried (same bytes, same key) like a network
   * error; the caller parses the answer by the kind of operation.
   */
  async submit(request: PaidRequest, policy?: RetryPolicy, signal?: AbortSignal): Promise<HttpResponse> {
    return this.http.send({
      method: request.method,
      path: request.path,
      body: request.body,
      idempotencyKey: request.idempotencyKey,
      quoteId: request.quoteId,
      retry: true,
      retryOn202: true,
      ...(request.mayRetry ? { mayRetry: request.mayRetry } : {}),
      ...(policy ? { policy } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  /** An async iterator over the pages of a list (`{ data: [...] }`, the next page found by listPage.ts). */
  async *pages<T>(
    path: string,
    query: Record<string, QueryValue>,
    item: z.ZodType<T>,
    cursor: string | null = null,
  ): AsyncGenerator<Page<T>> {
    for await (const page of this.walk(path, query, z.looseObject({ data: z.array(item) }), cursor)) {
      yield { items: page.body.data, hasMore: page.hasMore, nextCursor: page.nextCursor, date: page.date };
    }
  }

  /**
   * The one way through a list's pages: a cursor goes back with the same query, a `Link` URL is
   * followed as it is (only on the service's own address, where the key may go). Pages may hold
   * fewer items than asked; only the service's own "no more" ends the walk.
   */
  private async *walk<P>(
    path: string,
    query: Record<string, QueryValue>,
    schema: z.ZodType<P>,
    cursor: string | null = null,
  ): AsyncGenerator<{ body: P; hasMore: boolean; nextCursor: string | null; date: string | null }> {
    let next: NextPage | null = cursor === null ? null : { cursor };
    for (;;) {
      const request: HttpRequest =
        next !== null && 'url' in next
          ? { method: 'GET', path: this.followable(next.url, path), retry: true }
          : { method: 'GET', path, query: { ...query, cursor: next?.cursor ?? null }, retry: true };
      const answer = await this.http.send(request);
      const body = this.validate(schema, answer, path);
      const sequel = sequelOf(answer.json, answer.headers, answer.status);
      yield { body, hasMore: sequel.hasMore, nextCursor: cursorOf(sequel.next), date: answer.headers.date ?? null };
      if (!sequel.hasMore || sequel.next === null) return;
      checkAdvances(next, sequel.next, answer.status);
      next = sequel.next;
    }
  }

  /** A next-page URL resolved against the list's address; another origin would not get the key, so it is refused. */
  private followable(url: string, path: string): string {
    const base = new URL(this.http.baseUrl);
    const resolved = new URL(url, new URL(path.replace(/^\/+/, ''), base.href.endsWith('/') ? base.href : `${base.href}/`));
    if (resolved.origin !== base.origin) {
      throw new ServiceError({
        code: 'next_page_elsewhere',
        status: 200,
        message: 'list page names its next page on another origin',
      });
    }
    return resolved.href;
  }

  async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return this.request({ method: 'GET', path, retry: true }, schema);
  }

  async request<T>(request: HttpRequest, schema: z.ZodType<T>): Promise<T> {
    return this.validate(schema, await this.http.send(request), request.path);
  }

  private async delete(path: string): Promise<void> {
    // Deleting twice is harmless (the second answers 404), so a delete may be retried.
    // spec 4.1: "Response of the delete endpoints: not shown": any success answer (200, 204) is read as deleted.
    try {
      await this.http.send({ method: 'DELETE', path, retry: true });
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) return;
      throw error;
    }
  }

  validate<T>(schema: z.ZodType<T>, answer: HttpResponse, path: string): T {
    const parsed = schema.safeParse(answer.json);
    if (parsed.success) return parsed.data;
    this.log.error('The service answered outside the contract.', {
      path,
      status: answer.status,
      issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    throw new ServiceError({
      code: 'invalid_response',
      status: answer.status,
      message: 'The service sent an answer Cast Studio does not understand. Try again later; if it keeps happening, update Cast Studio.',
    });
  }
}
