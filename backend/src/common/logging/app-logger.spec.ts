import pino from 'pino';
import { createRootLogger, lineWriter } from './app-logger';

function capture(): { lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}

describe('lineWriter', () => {
  const fields = {
    reqId: 'req-7',
    req: { method: 'GET', url: '/api/blog/posts/a"b\\c', remoteAddress: '127.0.0.1' },
    res: { statusCode: 200 },
    responseTime: 3,
  };

  it('writes the very line pino writes for the same fields', () => {
    const out = capture();
    const logger = pino({ timestamp: () => ',"time":42' }, out);
    const write = lineWriter(logger, 'info', 'request completed');
    expect(write).toBeDefined();
    write!(JSON.stringify(fields).slice(1, -1));
    logger.info(fields, 'request completed');
    expect(out.lines).toHaveLength(2);
    expect(out.lines[0]).toBe(out.lines[1]);
    expect(JSON.parse(out.lines[0])).toMatchObject({
      level: 30,
      time: 42,
      msg: 'request completed',
      ...fields,
    });
  });

  it('writes through the root logger with its level and bindings', () => {
    const out = capture();
    const logger = createRootLogger('info', out);
    lineWriter(logger, 'error', 'request completed')!('"reqId":"req-1"');
    const line = JSON.parse(out.lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 50, pid: process.pid, reqId: 'req-1', msg: 'request completed' });
    expect(typeof line.time).toBe('number');
  });

  it('declines a logger that adds fields to every line, which then logs through pino', () => {
    const logger = createRootLogger('info', capture(), () => ({ trace_id: 'abc' }));
    expect(lineWriter(logger, 'info', 'request completed')).toBeUndefined();
  });
});
