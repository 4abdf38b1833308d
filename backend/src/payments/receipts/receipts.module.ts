import { Module } from '@nestjs/common';
import { ProjectsModule } from '../../projects/projects.module';
import { PaymentsModule } from '../payments.module';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsService } from './receipts.service';

/** PDF receipts of payments, for the portal's project page and the payment mails' links. */
@Module({
  imports: [PaymentsModule, ProjectsModule],
  controllers: [ReceiptsController],
  providers: [ReceiptsService],
  exports: [ReceiptsService],
})
export class ReceiptsModule {}
