import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { ApiClient } from '../../electron/core/api/apiClient.ts';
import { HttpClient } from '../../electron/core/api/httpClient.ts';
import { systemClock } from '../../electron/core/clock/clock.ts';
import { silentLogger } from '../../electron/core/log/logger.ts';
import { startSandbox } from '../support/sandboxProcess.ts';
import { median, round, type BenchOptions, type Metric } from './support/stats.ts';

/**
 * client_overhead_ratio: requests per second through core's API client (HttpClient with retries,
 * headers, zod parsing of the answer) ÷ a bare undici request loop (JSON parsed, nothing else), on
 * the same endpoint (GET /v1/account), the same dispatcher and the same concurrency; rounds
 * alternate so both sides see the same machine.
 */
export async function benchClient(options: BenchOptions): Promise<Metric[]> {
  const sandbox = await startSandbox({ env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
  const dispatcher = new Agent({ connections: 8, connect: { ca: readFileSync(sandbox.ready.ca_cert, 'utf8') } });
  try {
    const key = sandbox.ready.api_key;
    const http = new HttpClient({
      baseUrl: sandbox.ready.base_url,
      dispatcher,
      apiKey: () => key,
      clock: systemClock,
      random: Math.random,
      log: silentLogger,
    });
    const api = new ApiClient(http, silentLogger);
    const url = `${sandbox.ready.base_url}/v1/account`;
    const bare = async () => {
      const res = await request(url, { dispatcher, headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
      await res.body.json();
      if (res.statusCode !== 200) throw new Error(`bare: ${res.statusCode}`);
    };
    const core = async () => {
      await api.account();
    };
    const seconds = options.quick ? 2 : 5;
    const rounds = Math.max(3, options.runs);
    const rates = { core: [] as number[], bare: [] as number[] };
    await loop(core, 0.5, 4);
    await loop(bare, 0.5, 4);
    for (let i = 0; i < rounds; i += 1) {
      rates.bare.push(await loop(bare, seconds, 4));
      rates.core.push(await loop(core, seconds, 4));
    }
    const c = median(rates.core);
    const b = median(rates.bare);
    options.log(
      `  client: core ${round(c, 0)} req/s, bare undici ${round(b, 0)} req/s (median of ${rounds} rounds of ${seconds} s, 4 in flight)`,
    );
    return [
      {
        name: 'client_overhead_ratio',
        value: round(c / b),
        unit: 'ratio',
        note: `core ${round(c, 0)} req/s vs bare ${round(b, 0)} req/s`,
      },
    ];
  } finally {
    await dispatcher.close();
    await sandbox.stop();
  }
}

async function loop(once: () => Promise<void>, seconds: number, inFlight: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await once();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
