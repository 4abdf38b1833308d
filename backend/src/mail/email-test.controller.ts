import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  ExceptionFilter,
  HttpCode,
  Post,
  UseFilters,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Auth } from '../common/decorators/roles.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { toErrorBody } from '../common/errors/error-body';
import type { UserEntity } from '../users/entities/user.entity';
import { CustomerEmailDto, DebugEmailDto, DeliveryTestDto } from './dto/email-test.dto';
import { EmailTestService } from './email-test.service';

/** The email test pages read `error` on failure; this adds it beside the usual error shape. */
@Catch()
export class EmailTestErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = toErrorBody(exception);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ ...body, error: body.message });
  }
}

/** Admin only: these can mail any address, so they must never be public. */
@Controller('api')
@Auth('admin')
@UseFilters(EmailTestErrorFilter)
export class EmailTestController {
  constructor(private readonly tests: EmailTestService) {}

  @Post('debug-email')
  @HttpCode(200)
  async debugEmail(@Body() dto: DebugEmailDto, @CurrentUser() user: UserEntity) {
    const sent = await this.tests.sendAdminTest(dto, user.username);
    return { success: true, message: `Test email queued for ${sent.recipient}`, ...sent };
  }

  @Post('debug-customer-email')
  @HttpCode(200)
  async debugCustomerEmail(@Body() dto: CustomerEmailDto) {
    const sent = await this.tests.sendCustomerTest(dto.email);
    return { success: true, message: `Test email queued for ${sent.recipient}`, ...sent };
  }

  @Post('test-email-delivery')
  @HttpCode(200)
  async testEmailDelivery(@Body() dto: DeliveryTestDto) {
    const { allQueued, ...sent } = await this.tests.sendDeliveryTest(dto);
    return {
      success: allQueued,
      message: allQueued
        ? `${sent.results.length} test email(s) queued for ${sent.recipient}`
        : 'Some test emails could not be queued; they will be sent when the mail queue is back.',
      ...sent,
    };
  }
}
