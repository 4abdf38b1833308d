import { findInputProblem, isUnsafeText, MAX_INPUT_DEPTH } from './unsafe-text';

const findUnsafeText = (v: unknown, root?: string) => findInputProblem(v, root)?.field ?? null;

describe('unsafe text', () => {
  it('spots NUL bytes and lone surrogates, not well-formed pairs', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('a\ud800')).toBe(true);
    expect(isUnsafeText('\udc00a')).toBe(true);
    expect(isUnsafeText('\udc00\ud800')).toBe(true);
    expect(isUnsafeText('🎧 fine')).toBe(false);
    expect(isUnsafeText('plain \t\n text')).toBe(false);
  });

  it('names the first offending value or key, skipping bytes', () => {
    expect(findUnsafeText({ a: 'ok', b: ['x', { c: 'bad\u0000' }] })).toBe('b[1].c');
    expect(findUnsafeText({ ['k\u0000']: 1 }, 'query')).toBe('query.k\u0000');
    expect(findUnsafeText('bad\u0000', 'query')).toBe('query');
    expect(findUnsafeText({ file: Buffer.from([0, 0xd8]) })).toBeNull();
    expect(findUnsafeText(null)).toBeNull();
  });

  it('refuses nesting deeper than the limit, without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(findInputProblem(deep)?.kind).toBe('too-deep');
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    expect(findInputProblem(ok)).toBeNull();
  });
});
