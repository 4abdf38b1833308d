import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { toErrorBody } from '../errors/error-body';

/** Every failure leaves the API in the one error shape of ARCHITECTURE.md §4. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = toErrorBody(exception);
    if (status === 503)
      this.logger.warn(`Answered 503: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (status >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (host.getType() !== 'http') return;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
