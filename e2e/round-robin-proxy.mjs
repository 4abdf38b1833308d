// A small HTTP load balancer for the replica stage (E2E_REPLICAS=1 in run.mjs): each request
// goes to the next upstream in turn, with no sticky sessions, so consecutive requests of one
// browser (and the parts of one tus upload) land on different API processes.
import http from 'node:http';

/** Starts the proxy on `port` (0: any); resolves to { url, port, counts, close }. */
export async function startRoundRobinProxy(upstreams, { port = 0 } = {}) {
  const agents = upstreams.map(() => new http.Agent({ keepAlive: true }));
  const counts = upstreams.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next;
    next = (next + 1) % upstreams.length;
    counts[i] += 1;
    const target = new URL(upstreams[i]);
    const forwarded = req.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent: agents[i],
        headers: {
          ...req.headers,
          'x-forwarded-for': forwarded
            ? `${forwarded}, ${req.socket.remoteAddress}`
            : req.socket.remoteAddress,
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}\n`);
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    counts,
    close: () =>
      new Promise((resolve) => {
        agents.forEach((a) => a.destroy());
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
