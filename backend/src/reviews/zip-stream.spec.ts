import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { uniqueNames, zipStream } from './zip-stream';

/** A plain bitwise CRC-32 (IEEE), independent of zlib and buffer-crc32, to check the ZIP's. */
function jsCrc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

describe('zip-stream', () => {
  it('keeps every name, numbering clashes that differ only in case before the extension', () => {
    expect(uniqueNames(['Kick.wav', 'kick.wav', 'KICK.WAV', 'Snare', 'snare', 'Kick (2).wav'])).toEqual([
      'Kick.wav',
      'kick (2).wav',
      'KICK (3).WAV',
      'Snare',
      'snare (2)',
      'Kick (2) (2).wav',
    ]);
  });

  it('opens each entry only when the ZIP reaches it, one at a time', async () => {
    const opened: string[] = [];
    const entry = (name: string, body: string) => ({
      name,
      size: body.length,
      open: () => {
        opened.push(name);
        return Readable.from([Buffer.from(body)]);
      },
    });
    const out = zipStream([entry('a.txt', 'first'), entry('b.txt', 'second')]);
    // The first is where the ZIP starts; the second waits until the first is written.
    expect(opened).toEqual(['a.txt']);
    const chunks: Buffer[] = [];
    for await (const c of out) chunks.push(c as Buffer);
    const zip = Buffer.concat(chunks);
    expect(opened).toEqual(['a.txt', 'b.txt']);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    // Stored, not compressed: the bytes are in the ZIP as they were.
    expect(zip.includes(Buffer.from('first'))).toBe(true);
    expect(zip.includes(Buffer.from('second'))).toBe(true);
  });

  it('writes the CRC-32 of each entry as a reader checks it', async () => {
    const data = randomBytes(3 * 65536 + 17);
    const chunks = [data.subarray(0, 70000), data.subarray(70000, 150000), data.subarray(150000)];
    const out = zipStream([{ name: 'x.bin', size: data.length, open: () => Readable.from(chunks) }]);
    const parts: Buffer[] = [];
    for await (const c of out) parts.push(c as Buffer);
    const zip = Buffer.concat(parts);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(zip.readUInt32LE(central + 16)).toBe(jsCrc32(data));
  });

  it('ends the ZIP with an error when a file cannot be read', async () => {
    const out = zipStream([
      {
        name: 'gone.wav',
        size: 10,
        open: () =>
          new Readable({
            read() {
              this.destroy(new Error('storage read failed'));
            },
          }),
      },
    ]);
    await expect(
      (async () => {
        for await (const _ of out) void _;
      })(),
    ).rejects.toThrow('storage read failed');
  });
});
