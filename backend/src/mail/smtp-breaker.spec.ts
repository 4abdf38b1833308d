import { isConnectionFailure, SmtpBreaker } from './smtp-breaker';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SmtpBreaker', () => {
  it('opens once, probes until the server answers, then closes', async () => {
    let up = false;
    const calls: string[] = [];
    const breaker = new SmtpBreaker(
      {
        probe: async () => {
          calls.push('probe');
          if (!up) throw Object.assign(new Error('down'), { code: 'ECONNECTION' });
        },
        onOpen: async () => void calls.push('open'),
        onClose: async () => void calls.push('close'),
      },
      10,
    );
    await breaker.trip('connect ECONNREFUSED');
    await breaker.trip('again');
    expect(breaker.isOpen).toBe(true);
    await tick(35);
    expect(calls.filter((c) => c === 'open')).toHaveLength(1);
    expect(calls).not.toContain('close');
    up = true;
    await tick(30);
    expect(breaker.isOpen).toBe(false);
    expect(calls.at(-1)).toBe('close');
    expect(breaker.opened).toBe(1);
    breaker.stop();
  });

  it('holds jobs while open, lets them go when it closes, and fails them when stopped', async () => {
    let up = false;
    const breaker = new SmtpBreaker(
      { probe: async () => (up ? undefined : Promise.reject(new Error('down'))) },
      10,
    );
    await expect(breaker.whenClosed()).resolves.toBeUndefined();
    await breaker.trip('connect ECONNREFUSED');
    let released = false;
    const held = breaker.whenClosed().then(() => (released = true));
    await tick(35);
    expect(released).toBe(false);
    up = true;
    await held;
    expect(breaker.isOpen).toBe(false);

    up = false;
    await breaker.trip('connect ECONNREFUSED');
    const stopping = breaker.whenClosed();
    breaker.stop();
    await expect(stopping).rejects.toThrow(/stopping/);
    await expect(breaker.whenClosed()).rejects.toThrow(/stopping/);
  });

  it('tells an unreachable server from a refused mail', () => {
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: 'ECONNECTION' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(
      false,
    );
    expect(isConnectionFailure(null)).toBe(false);
  });
});
