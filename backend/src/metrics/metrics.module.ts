/**
 * Serves the registry of metrics.ts:
 * - `GET /metrics` on the app port, only with `Authorization: Bearer $METRICS_TOKEN`
 *   (404 when no token is configured, so the endpoint does not exist; 401 for a wrong one);
 * - with `METRICS_PORT`, a second listener on `METRICS_HOST` serving only `/metrics` with no
 *   token, for a Prometheus on a private network.
 * Every Bull queue of the application is found at start-up and reported by the queue gauges.
 */
import { Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, HttpAdapterHost } from '@nestjs/core';
import Bull from 'bull';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { registry, unwatchQueue, watchQueue } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

@Injectable()
export class MetricsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsService.name);
  private readonly queues: Bull.Queue[] = [];
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.isDependencyTreeStatic() ? wrapper.instance : undefined;
      if (instance instanceof Bull && !this.queues.includes(instance)) {
        this.queues.push(instance);
        watchQueue(instance);
      }
    }
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.get('/metrics', (req, reply) => this.answer(req, reply));
    if (this.config.metrics.port) await this.listenPrivately(this.config.metrics.port);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const queue of this.queues) unwatchQueue(queue);
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.config.metrics.token;
    if (!token) {
      await reply.code(404).send({ success: false, message: 'Not found' });
      return;
    }
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !timingSafeEqual(digest(given), digest(token))) {
      await reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, message: 'A valid metrics token is required.', code: 'UNAUTHORIZED' });
      return;
    }
    const body = await registry.metrics();
    await reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  }

  private listenPrivately(port: number): Promise<void> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        (err: Error) => {
          this.logger.error(`Metrics not collected: ${err.message}`);
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
        },
      );
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.metrics.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }
}

@Module({ imports: [DiscoveryModule], providers: [MetricsService] })
export class MetricsModule {}
