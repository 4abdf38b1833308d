import pino from 'pino';
import { ChunkedOutput, createRootLogger, flushLogs, lineWriter } from './app-logger';

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

describe('ChunkedOutput', () => {
  it('hands lines over in order, in one write once enough wait, and the rest on flushSync', () => {
    const writes: string[] = [];
    let flushed = 0;
    const out = new ChunkedOutput(
      { write: (s: string) => void writes.push(s), flushSync: () => void flushed++ },
      10,
    );
    out.write('abcd\n');
    out.write('efgh\n');
    expect(writes).toEqual(['abcd\nefgh\n']);
    out.write('ij\n');
    expect(writes).toHaveLength(1);
    out.flushSync();
    expect(writes).toEqual(['abcd\nefgh\n', 'ij\n']);
    expect(flushed).toBe(1);
    out.flushSync();
    expect(writes).toHaveLength(2);
  });

  it("serves as the logger's destination: lines arrive whole and in order once flushed", () => {
    const writes: string[] = [];
    const logger = createRootLogger(
      'info',
      new ChunkedOutput({ write: (s: string) => void writes.push(s), flushSync: () => {} }, 4096),
    );
    logger.info('one');
    lineWriter(logger, 'info', 'two')!('"n":2');
    expect(writes).toHaveLength(0);
    flushLogs(logger);
    const lines = writes
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(['one', 'two']);
  });
});
