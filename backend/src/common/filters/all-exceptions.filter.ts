import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../errors/error-body';
import { loggedUrl } from '../logging/logged-url';

/** Every failure leaves the API in the one error shape of ARCHITECTURE.md §4. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = toErrorBody(exception);
    // Which request failed, in the form a log may keep (no query, no token).
    const req = host.getType() === 'http' ? host.switchToHttp().getRequest<FastifyRequest>() : undefined;
    const where = req ? `${req.method} ${loggedUrl(req.url)}: ` : '';
    if (status === 503)
      this.logger.warn(
        `${where}answered 503: ${exception instanceof Error ? exception.message : String(exception)}`,
      );
    else if (status >= 500)
      this.logger.error(`${where}${exception instanceof Error ? exception.stack : String(exception)}`);
    if (host.getType() !== 'http') return;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
