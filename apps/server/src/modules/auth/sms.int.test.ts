import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsProvider } from './sms';

/** The HTTP provider against a real local HTTP server standing in for the SMS gateway. */
let server: ReturnType<typeof createServer>;
let url: string;
const received: { auth: string | undefined; body: unknown }[] = [];
let status = 200;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HttpSmsProvider', () => {
  it('posts the number and message with the bearer token', async () => {
    await new HttpSmsProvider(url, 'secret-token').send('+919812345678', '1234 is your code');
    expect(received.at(-1)).toEqual({
      auth: 'Bearer secret-token',
      body: { to: '+919812345678', message: '1234 is your code' },
    });
  });

  it('fails when the gateway refuses, so no code is left without a message', async () => {
    status = 502;
    await expect(new HttpSmsProvider(url, undefined).send('+919812345678', 'x')).rejects.toThrow(
      'SMS gateway answered 502',
    );
    status = 200;
  });
});
