/**
 * Everything nodemailer is told about the SMTP server, in one place: the pool, the timeouts and
 * DKIM signing. Kept apart from the worker so the transport can change (another mailer module,
 * another server) without touching the queue side.
 */
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { AppConfig } from '../config/app-config';
import { SMTP_POOL_CONNECTIONS } from './mail.constants';
import { connectWithoutNagle } from './smtp-socket';

export function smtpTransportOptions(mail: AppConfig['mail']): SMTPPool.Options {
  return {
    // nodemailer ignores every other option when given `url`, so the URL is parsed first.
    ...(parseConnectionUrl(mail.smtpUrl) as SMTPPool.Options),
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    maxMessages: 500,
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
