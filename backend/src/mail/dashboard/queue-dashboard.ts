/**
 * The ops dashboard: Bull Board at /admin/queues, for admins only, under the same rules as
 * `/api/admin`: when the studio requires two-factor sign-in, an admin who has not set it up is
 * refused here too (403 TWO_FACTOR_SETUP_REQUIRED), as RolesGuard refuses them in the API.
 *
 * It is a Fastify plugin in its own encapsulated scope, so the admin check (an onRequest hook)
 * runs before every dashboard route, page, static file and API call alike, and the relaxed
 * Content-Security-Policy the board's UI needs applies to these routes only. The token is read
 * like everywhere else: `Authorization: Bearer` or the httpOnly `authToken` cookie.
 */
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Queue } from 'bull';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, staffSignInPath } from '@studio/shared';
import { SecuritySettingsService } from '../../auth/security-settings.service';
import { tokenOf } from '../../auth/request-meta';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { toErrorBody } from '../../common/errors/error-body';
import { forbidden, unauthorized } from '../../common/errors/app.exception';
import { SessionsService } from '../../sessions/sessions.service';
import { MAIL_QUEUE } from '../mail.constants';

export const DASHBOARD_PATH = '/admin/queues';

/** The board's page pulls its font from Google; everything else is served from here. */
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const FORBIDDEN_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Access Denied</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;background:#0f1117;color:#f4f4f6;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="max-width:420px;padding:24px;text-align:center"><h1>Access Denied</h1>
<p>The queue dashboard is for administrators only.</p><p><a href="/" style="color:#f5b942">Return to Home</a></p></main></body></html>`;

const SETUP_2FA_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Two-factor sign-in required</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;background:#0f1117;color:#f4f4f6;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="max-width:420px;padding:24px;text-align:center"><h1>Two-factor sign-in required</h1>
<p>${ACCOUNT_MESSAGES.twoFactorRequiredSetup}</p><p><a href="/admin/profile" style="color:#f5b942">Go to your profile</a></p></main></body></html>`;

type Access = 'admin' | 'anonymous' | 'forbidden' | 'setup-2fa';

@Injectable()
export class QueueDashboard implements OnModuleInit {
  private readonly serverAdapter = new FastifyAdapter();
  private readonly board: ReturnType<typeof createBullBoard>;
  private readonly queues = new Set<string>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionsService,
    private readonly security: SecuritySettingsService,
    @InjectQueue(MAIL_QUEUE) private readonly mailQueue: Queue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.board = createBullBoard({
      queues: [],
      serverAdapter: this.serverAdapter,
      options: { uiConfig: { boardTitle: `${config.siteName} queues` } },
    });
  }

  /** Shows another queue on the board (feature modules call this for their own queues). */
  register(queue: Queue): void {
    if (this.queues.has(queue.name)) return;
    this.queues.add(queue.name);
    this.board.addQueue(new BullAdapter(queue));
  }

  onModuleInit(): void {
    this.register(this.mailQueue);
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    this.serverAdapter.setBasePath(DASHBOARD_PATH);
    void fastify.register(
      async (scope) => {
        scope.addHook('onRequest', (req, reply) => this.admit(req, reply));
        scope.addHook('onSend', async (_req, reply, payload) => {
          reply.header('content-security-policy', DASHBOARD_CSP);
          reply.header('cache-control', 'no-store');
          return payload;
        });
        await scope.register(this.serverAdapter.registerPlugin());
      },
      { prefix: DASHBOARD_PATH },
    );
  }

  /** Lets admins through; answers everyone else before the board sees the request. */
  private async admit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const access = await this.accessOf(req);
    if (access === 'admin') return;
    const browser = req.method === 'GET' && /text\/html/.test(req.headers.accept ?? '');
    if (browser && access === 'anonymous') {
      await reply.redirect(staffSignInPath(DASHBOARD_PATH), 302);
      return;
    }
    if (browser) {
      const page = access === 'setup-2fa' ? SETUP_2FA_PAGE : FORBIDDEN_PAGE;
      await reply.code(403).type('text/html; charset=utf-8').send(page);
      return;
    }
    const error =
      access === 'anonymous'
        ? unauthorized()
        : access === 'setup-2fa'
          ? forbidden(ACCOUNT_MESSAGES.twoFactorRequiredSetup, 'TWO_FACTOR_SETUP_REQUIRED')
          : forbidden();
    const { status, body } = toErrorBody(error);
    await reply.code(status).type('application/json; charset=utf-8').send(body);
  }

  /** Who the caller is to the board: the checks of JwtAuthGuard and RolesGuard, in that order. */
  private async accessOf(req: FastifyRequest): Promise<Access> {
    const token = tokenOf(req);
    const user = token ? await this.sessions.userFromToken(token) : null;
    if (!user) return 'anonymous';
    if (user.role !== 'admin') return 'forbidden';
    return (await this.security.mustEnrol(user)) ? 'setup-2fa' : 'admin';
  }
}
