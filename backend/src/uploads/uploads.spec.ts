import { PROBE_WARNINGS } from '@studio/shared';
import { fileWarnings } from './audio-probe';
import { sanitizeFileName } from './tus-uploads.service';

describe('sanitizeFileName', () => {
  it('keeps the readable part of a name and drops paths and control characters', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\Kick 01.wav')).toBe('Kick 01.wav');
    expect(sanitizeFileName('  .hidden\u0000 vox<1>.wav ')).toBe('hidden vox1.wav');
    expect(sanitizeFileName('Café – Vocal.flac')).toBe('Café – Vocal.flac');
  });

  it('never returns an empty name', () => {
    expect(sanitizeFileName('')).toBe('untitled');
    expect(sanitizeFileName(undefined)).toBe('untitled');
    expect(sanitizeFileName('...')).toBe('untitled');
  });

  it('caps the length', () => {
    expect(sanitizeFileName('a'.repeat(500))).toHaveLength(200);
  });
});

describe('fileWarnings', () => {
  it('flags lossy, silent, clipping and unreadable files', () => {
    expect(fileWarnings('mp3', { lossless: false, peakDb: -3 })).toEqual([PROBE_WARNINGS.lossy]);
    expect(fileWarnings('wav', { lossless: true, peakDb: -91 })).toEqual([PROBE_WARNINGS.silent]);
    expect(fileWarnings('wav', { lossless: true, peakDb: 0 })).toEqual([PROBE_WARNINGS.clipping]);
    expect(fileWarnings('flac', null)).toEqual([PROBE_WARNINGS.unreadable]);
    expect(fileWarnings('aiff', { lossless: true, peakDb: -6 })).toEqual([]);
  });
});
