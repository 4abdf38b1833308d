import { ArgumentsHost, Catch, ExceptionFilter, Inject, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../common/errors/app.exception';
import { toErrorBody } from '../common/errors/error-body';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { formErrorPage } from './native-form-pages';

/** Where to send the visitor back to: the page whose form was posted. */
export function formPageFor(url: string, publicUrl: string): { href: string; label: string } {
  const path = url.split('?')[0];
  if (path === '/newsletter') return { href: `${publicUrl}/#newsletter`, label: 'Back to the sign-up form' };
  if (path.startsWith('/blog/post/')) return { href: `${publicUrl}${path}`, label: 'Back to the post' };
  return { href: `${publicUrl}/contact`, label: 'Back to the contact form' };
}

/**
 * For the native form routes: any failure (validation, rate limit, unknown post, our own fault)
 * becomes an HTML page with the API's message, never JSON a browser would show raw.
 */
@Catch()
export class NativeFormErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('NativeForms');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = toErrorBody(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const site = { siteName: this.config.siteName, publicUrl: this.config.publicUrl };
    const errors = exception instanceof AppException ? (exception.errors ?? []) : [];
    void reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(formErrorPage(site, status, body.message, errors, formPageFor(req.url, this.config.publicUrl)));
  }
}
