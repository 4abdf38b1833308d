/**
 * Everything nodemailer is told about the SMTP server, in one place: the pool, the timeouts and
 * DKIM signing, and the module that holds the pool (`@nestjs-modules/mailer`). Kept apart from
 * the worker so the transport can change without touching the queue side.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  MAILER_OPTIONS,
  MAILER_TRANSPORT_FACTORY,
  MailerModule,
  type MailerOptions,
  type TransportType,
} from '@nestjs-modules/mailer';
import { createTransport } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SMTP_POOL_CONNECTIONS } from './mail.constants';
import { connectWithoutNagle } from './smtp-socket';

export function smtpTransportOptions(mail: AppConfig['mail']): SMTPPool.Options {
  return {
    // nodemailer ignores every other option when given `url`, so the URL is parsed first.
    ...(parseConnectionUrl(mail.smtpUrl) as SMTPPool.Options),
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    // A connection is reopened only after this many messages (nodemailer's default is 100): a
    // reconnect costs the greeting, EHLO and the pool's wait, per connection.
    maxMessages: 10_000,
    // Fail fast when the server is away: the job is retried later anyway.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    getSocket: connectWithoutNagle,
    // DKIM_DOMAIN/DKIM_SELECTOR/DKIM_PRIVATE_KEY: every message is signed (rsa-sha256,
    // relaxed/relaxed); the public key goes in DNS at <selector>._domainkey.<domain>.
    ...(mail.dkim ? { dkim: { ...mail.dkim } } : {}),
  };
}

/**
 * Holds the SMTP pool open until the mail worker has drained. The mailer module closes its pool
 * in onModuleDestroy, and Nest gives no order between two global modules' hooks; a closed
 * nodemailer pool silently drops a new message (its promise never settles), so a job that
 * started just then would hang. MailProcessor calls `workerDrained()` once its jobs in flight
 * are done (at once in processes that do not send).
 */
@Injectable()
export class SmtpPoolGate {
  private release!: () => void;
  readonly drained = new Promise<void>((resolve) => (this.release = resolve));

  workerDrained(): void {
    this.release();
  }
}

/**
 * The mailer's transport factory (its MailerTransportFactory contract; not declared with
 * `implements` because the package's `Mail` type and nodemailer's differ only in `this` typing),
 * with `close()` deferred until SmtpPoolGate opens.
 */
@Injectable()
export class GatedTransportFactory {
  constructor(
    @Inject(MAILER_OPTIONS) private readonly options: MailerOptions,
    private readonly gate: SmtpPoolGate,
  ) {}

  createTransport(opts?: TransportType) {
    const transporter = createTransport(opts ?? this.options.transport!, this.options.defaults);
    const close = transporter.close.bind(transporter);
    transporter.close = () => void this.gate.drained.then(close);
    return transporter;
  }
}

/** The pooled transport behind MailerService; imported by MailModule. */
export const SmtpMailerModule = MailerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): MailerOptions => ({
    transport: smtpTransportOptions(config.mail),
    defaults: { from: config.mail.from },
  }),
  extraProviders: [{ provide: MAILER_TRANSPORT_FACTORY, useClass: GatedTransportFactory }],
});
