import { detectUploadKind } from './upload-kind';

function wavHeader(): Buffer {
  const b = Buffer.alloc(44);
  b.write('RIFF', 0);
  b.writeUInt32LE(36, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(2, 22);
  b.writeUInt32LE(48000, 24);
  b.writeUInt32LE(48000 * 4, 28);
  b.writeUInt16LE(4, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  return b;
}

describe('detectUploadKind', () => {
  it('knows audio, archives and documents by their first bytes', async () => {
    expect(await detectUploadKind(wavHeader())).toEqual({ ok: true, kind: 'wav' });
    expect(await detectUploadKind(Buffer.from('fLaC\0\0\0\x22' + '\0'.repeat(40), 'latin1'))).toEqual({
      ok: true,
      kind: 'flac',
    });
    expect(await detectUploadKind(Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'))).toEqual({
      ok: true,
      kind: 'pdf',
    });
    expect(await detectUploadKind(Buffer.from('PK\x03\x04' + '\0'.repeat(40), 'latin1'))).toMatchObject({
      ok: true,
      kind: 'zip',
    });
  });

  it('takes UTF-8 without NUL bytes as text, even cut inside a character', async () => {
    expect(await detectUploadKind(Buffer.from('Lyrics: café, naïve\nBPM 92'))).toEqual({
      ok: true,
      kind: 'txt',
    });
    const cut = Buffer.from('é'.repeat(10)).subarray(0, 19);
    expect(await detectUploadKind(cut)).toEqual({ ok: true, kind: 'txt' });
  });

  it('names what it found when it refuses', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await detectUploadKind(png)).toEqual({ ok: false, detected: 'PNG (image/png)' });
    expect(await detectUploadKind(Buffer.from([0, 1, 2, 3, 250, 251]))).toEqual({
      ok: false,
      detected: 'an unrecognised binary file',
    });
    expect(await detectUploadKind(Buffer.alloc(0))).toEqual({ ok: false, detected: 'empty' });
  });
});
