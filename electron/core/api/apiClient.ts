import type { z } from 'zod';
import {
  AccountResponse,
  AudioList,
  AudioResponse,
  CapabilitiesResponse,
  CharacterList,
  CharacterResponse,
  DeletedResponse,
  GenerationList,
  GenerationResponse,
  QuoteResponse,
  UploadResponse,
  UsageList,
  VoiceList,
  VoiceResponse,
  type Account,
  type AudioTrack,
  type Capabilities,
  type Character,
  type CreateQuoteRequest,
  type CreditTransaction,
  type Generation,
  type GenerationListQuery,
  type Quote,
  type Upload,
  type Voice,
} from '../../../shared/api/index.ts';
import type { Logger } from '../log/logger.ts';
import type { HttpClient, HttpRequest, HttpResponse, QueryValue } from './httpClient.ts';
import type { RetryPolicy } from './retryPolicy.ts';
import { ServiceError } from './serviceError.ts';

export type Page<T> = { items: T[]; hasMore: boolean; nextCursor: string | null; date: string | null };

/** A creating request as the outbox stored it: the exact bytes, the key and the quote. */
export type PaidRequest = { method: 'POST'; path: string; body: string; idempotencyKey: string; quoteId: string | null };

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
    return this.pages('/v1/account/usage', query, UsageList, cursor);
  }

  // --- characters (spec 4.1)
  characters(query: { limit?: number } = {}): AsyncGenerator<Page<Character>> {
    return this.pages('/v1/characters', query, CharacterList);
  }

  async character(id: string): Promise<Character> {
    return (await this.get(`/v1/characters/${encodeURIComponent(id)}`, CharacterResponse)).data;
  }

  async deleteCharacter(id: string): Promise<void> {
    await this.delete(`/v1/characters/${encodeURIComponent(id)}`);
  }

  // --- generations (spec 4.2)
  generations(query: Omit<GenerationListQuery, 'cursor'> = {}): AsyncGenerator<Page<Generation>> {
    return this.pages('/v1/generations', query, GenerationList);
  }

  async generation(id: string): Promise<Generation> {
    return (await this.get(`/v1/generations/${encodeURIComponent(id)}`, GenerationResponse)).data;
  }

  async deleteGeneration(id: string): Promise<void> {
    await this.delete(`/v1/generations/${encodeURIComponent(id)}`);
  }

  // --- voices (spec 4.4): `limit` turns pagination on; presets repeat on every page.
  async *voices(query: { limit?: number; presets?: boolean } = {}): AsyncGenerator<{ voices: Voice[]; presets: Voice[]; hasMore: boolean }> {
    let cursor: string | null = null;
    const limit = query.limit ?? 100;
    for (;;) {
      const response: z.infer<typeof VoiceList> = await this.request({ method: 'GET', path: '/v1/voices', query: { limit, presets: query.presets === false ? 'false' : undefined, cursor }, retry: true }, VoiceList);
      const next: string | null = response.meta.next_cursor ?? null;
      yield { voices: response.data.voices, presets: response.data.presets, hasMore: response.meta.has_more };
      if (!response.meta.has_more || !next) return;
      cursor = next;
    }
  }

  async voice(id: string): Promise<Voice> {
    return (await this.get(`/v1/voices/${encodeURIComponent(id)}`, VoiceResponse)).data;
  }

  // --- audio (spec 4.5)
  audioTracks(query: { voice_id?: string; limit?: number } = {}): AsyncGenerator<Page<AudioTrack>> {
    return this.pages('/v1/audio', query, AudioList);
  }

  async audio(id: string): Promise<AudioTrack> {
    return (await this.get(`/v1/audio/${encodeURIComponent(id)}`, AudioResponse)).data;
  }

  async deleteAudio(id: string): Promise<void> {
    await this.delete(`/v1/audio/${encodeURIComponent(id)}`);
  }

  // --- quotes (spec 4.3): free and side-effect free, but keyed like every creating request.
  async createQuote(body: CreateQuoteRequest, idempotencyKey: string): Promise<Quote> {
    return (await this.request({ method: 'POST', path: '/v1/quotes', body: JSON.stringify(body), idempotencyKey, retry: true }, QuoteResponse)).data;
  }

  async quote(id: string): Promise<Quote> {
    return (await this.get(`/v1/quotes/${encodeURIComponent(id)}`, QuoteResponse)).data;
  }

  // --- uploads (decision: POST /v1/uploads with the raw bytes and their Content-Type)
  async upload(bytes: Uint8Array, contentType: string, idempotencyKey: string): Promise<Upload> {
    return (await this.request({ method: 'POST', path: '/v1/uploads', body: bytes, contentType, idempotencyKey, retry: true }, UploadResponse)).data;
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
      ...(policy ? { policy } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  /** An async iterator over cursor pages (decision: `{ data, meta: { has_more, next_cursor } }`). */
  async *pages<T>(path: string, query: Record<string, QueryValue>, schema: z.ZodType<{ data: T[]; meta: { has_more: boolean; next_cursor: string | null } }>, cursor: string | null = null): AsyncGenerator<Page<T>> {
    let next = cursor;
    for (;;) {
      const answer = await this.http.send({ method: 'GET', path, query: { ...query, cursor: next }, retry: true });
      const page = this.validate(schema, answer, path);
      yield { items: page.data, hasMore: page.meta.has_more, nextCursor: page.meta.next_cursor, date: answer.headers.date ?? null };
      if (!page.meta.has_more || !page.meta.next_cursor) return;
      next = page.meta.next_cursor;
    }
  }

  async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return this.request({ method: 'GET', path, retry: true }, schema);
  }

  async request<T>(request: HttpRequest, schema: z.ZodType<T>): Promise<T> {
    return this.validate(schema, await this.http.send(request), request.path);
  }

  private async delete(path: string): Promise<void> {
    // Deleting twice is harmless (the second answers 404), so a delete may be retried.
    try {
      const answer = await this.http.send({ method: 'DELETE', path, retry: true });
      this.validate(DeletedResponse, answer, path);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) return;
      throw error;
    }
  }

  validate<T>(schema: z.ZodType<T>, answer: HttpResponse, path: string): T {
    const parsed = schema.safeParse(answer.json);
    if (parsed.success) return parsed.data;
    this.log.error('The service answered outside the contract.', { path, status: answer.status, issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) });
    throw new ServiceError({ code: 'invalid_response', status: answer.status, message: 'The service sent an answer Cast Studio does not understand. Try again later; if it keeps happening, update Cast Studio.' });
  }
}
