import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { coalesceWrites } from './smtp-socket';

describe('coalesceWrites', () => {
  let server: Server;
  const received: Buffer[] = [];
  beforeAll(async () => {
    server = createServer((s) => s.on('data', (d: Buffer) => received.push(d)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function connected(): Promise<Socket> {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.setNoDelay(true);
    await new Promise((r) => socket.once('connect', r));
    return socket;
  }

  it('sends the writes of one event-loop turn in one system call, in order, and leaves the socket uncorked', async () => {
    const socket = await connected();
    coalesceWrites(socket);
    const writev = jest.spyOn(socket as unknown as { _writev: () => void }, '_writev');
    const single = jest.spyOn(socket as unknown as { _write: () => void }, '_write');
    const parts = Array.from({ length: 50 }, (_, i) => `line ${i}\r\n`);
    // Half now, half over later ticks and promise jobs (as a piped stream writes).
    for (const p of parts.slice(0, 25)) socket.write(p);
    for (const p of parts.slice(25))
      await new Promise<void>((r) =>
        process.nextTick(() => {
          socket.write(p);
          r();
        }),
      );
    await new Promise((r) => setImmediate(r));
    expect(writev).toHaveBeenCalledTimes(1);
    expect(single).not.toHaveBeenCalled();
    expect(socket.writableCorked).toBe(0);
    await new Promise<void>((r) => socket.end(r));
    for (let i = 0; i < 50 && Buffer.concat(received).length < parts.join('').length; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(Buffer.concat(received).toString()).toBe(parts.join(''));
  });

  it('sends a write made alone at the end of the turn', async () => {
    const socket = await connected();
    coalesceWrites(socket);
    const cb = jest.fn();
    socket.write('NOOP\r\n', cb);
    await new Promise((r) => setImmediate(r));
    expect(cb).toHaveBeenCalled();
    expect(socket.writableCorked).toBe(0);
    socket.destroy();
  });
});
