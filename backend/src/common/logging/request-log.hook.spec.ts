import { jsonString } from './request-log.hook';

describe('jsonString', () => {
  it('writes what JSON.stringify writes, escaped or not', () => {
    const samples = [
      '',
      'req-1a2b',
      'GET',
      '/api/blog/posts?limit=6&q=a b',
      '::ffff:127.0.0.1',
      '/a"b',
      'back\\slash',
      'tab\there',
      'line\nbreak',
      '\u0000\u001f\u007f',
      'café',
      '日本',
      'lone \ud800 surrogate',
      '~}|{`_^]',
    ];
    for (const s of samples) expect(jsonString(s)).toBe(JSON.stringify(s));
  });
});
