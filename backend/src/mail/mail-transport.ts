/**
 * The one place the SMTP transport is built: a nodemailer pool on SMTP_URL. Options that apply
 * to every message the transport sends (message signing, for one) belong here, so the worker
 * and anything else that sends get them alike.
 */
import { createTransport, Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { AppConfig } from '../config/app-config';
import { SMTP_POOL_CONNECTIONS } from './mail.constants';
import { connectWithoutNagle } from './smtp-socket';

export type MailTransport = Transporter<SMTPPool.SentMessageInfo>;

export function createMailTransport(mail: AppConfig['mail']): MailTransport {
  // nodemailer ignores every other option when given `url`, so the URL is parsed first.
  return createTransport({
    ...(parseConnectionUrl(mail.smtpUrl) as SMTPPool.Options),
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    maxMessages: 500,
    // Fail fast when the server is away: the job is retried later anyway.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    getSocket: connectWithoutNagle,
  });
}
