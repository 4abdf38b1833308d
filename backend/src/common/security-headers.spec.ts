import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { securityHeaders } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

describe('securityHeaders', () => {
  it('records what helmet sets for the options, once', () => {
    const headers = securityHeaders(OPTIONS);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('gives the same headers as helmet applied to a real response', () => {
    const set = new Map<string, string>();
    const res = {
      setHeader: (n: string, v: string) => set.set(n.toLowerCase(), String(v)),
      removeHeader: (n: string) => set.delete(n.toLowerCase()),
    };
    helmet(OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
    expect(securityHeaders(OPTIONS)).toEqual(Object.fromEntries(set));
    expect(set.size).toBeGreaterThan(8);
  });

  it('refuses options helmet refuses', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self'"] } },
      }),
    ).toThrow();
  });
});
