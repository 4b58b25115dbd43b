import { connect } from 'node:net';

/**
 * WebSocket frames made by hand, sent over a plain TCP socket after a real upgrade: what no
 * well-behaved client library can be made to send (invalid UTF-8, reserved bits, bad opcodes,
 * unmasked or oversize frames), for the browser host's transport and fuzz tests.
 */

export type FrameOptions = {
  fin?: boolean;
  rsv?: number;
  masked?: boolean;
  /** Claim this length instead of the payload's. */ claimedLength?: bigint;
};

/** One frame; clients must mask, so frames are masked unless told otherwise. */
export function clientFrame(opcode: number, payload: Buffer, options: FrameOptions = {}): Buffer {
  const first = ((options.fin ?? true) ? 0x80 : 0) | ((options.rsv ?? 0) << 4) | (opcode & 0x0f);
  const masked = options.masked ?? true;
  const maskBit = masked ? 0x80 : 0;
  const length = options.claimedLength ?? BigInt(payload.length);
  let header: Buffer;
  if (length < 126n) header = Buffer.from([first, maskBit | Number(length)]);
  else if (length < 65536n) {
    header = Buffer.from([first, maskBit | 126, 0, 0]);
    header.writeUInt16BE(Number(length), 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = maskBit | 127;
    header.writeBigUInt64BE(length, 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const mask = Buffer.from([0x37, 0xfa, 0x21, 0x3d]);
  const body = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i += 1) body[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, body]);
}

export type RawOutcome = {
  /** The upgrade answered 101. */
  upgraded: boolean;
  /** The code of the host's close frame, or null if it sent none before the socket ended. */
  closeCode: number | null;
  /** Text frames the host sent before closing (replies, events). */
  texts: string[];
  /** The text frames that are replies (`type: 'reply'`), in order; events may come between them at any time. */
  replies: unknown[];
};

/**
 * Upgrades `/bridge?query` with `origin` (and the subprotocols that carry a session token), writes `frames` as they are, and reports how the host
 * answered: it resolves at the host's close frame, when the socket ends, or once `expectReplies`
 * replies have arrived (events the host pushes meanwhile are kept in `texts` but not counted).
 */
export function sendRawFrames(
  port: number,
  query: string,
  origin: string,
  frames: Buffer[],
  options: { expectReplies?: number; protocols?: string[] } = {},
): Promise<RawOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    let done = false;
    const texts: string[] = [];
    const replies: unknown[] = [];
    const finish = (closeCode: number | null) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ upgraded, closeCode, texts, replies });
    };
    socket.on('connect', () =>
      socket.write(
        `GET /bridge?${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          (options.protocols ? `Sec-WebSocket-Protocol: ${options.protocols.join(', ')}\r\n` : '') +
          `Sec-WebSocket-Key: ${Buffer.from('cast-studio-fuzz').toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        upgraded = buffer.subarray(0, end).toString().startsWith('HTTP/1.1 101');
        buffer = buffer.subarray(end + 4);
        if (!upgraded) return finish(null);
        for (const frame of frames) socket.write(frame);
      }
      // Server frames are unmasked and, from this host, never fragmented.
      while (buffer.length >= 2) {
        const opcode = (buffer[0] ?? 0) & 0x0f;
        let length = (buffer[1] ?? 0) & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return;
        const payload = buffer.subarray(offset, offset + length);
        buffer = buffer.subarray(offset + length);
        if (opcode === 0x8) return finish(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
        if (opcode === 0x1) {
          const text = payload.toString('utf8');
          texts.push(text);
          const message = parseJson(text);
          if (typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'reply') replies.push(message);
        }
        if (options.expectReplies !== undefined && replies.length >= options.expectReplies) return finish(null);
      }
    });
    socket.on('error', (error) => (upgraded ? finish(null) : reject(error)));
    socket.on('close', () => finish(null));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
