import { Readable } from 'node:stream';
import { uniqueNames, zipStream } from './zip-stream';

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
