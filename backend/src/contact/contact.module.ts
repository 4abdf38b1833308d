import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PaymentsModule } from '../payments/payments.module';
import { ProjectsModule } from '../projects/projects.module';
import { ServicesModule } from '../services/services.module';
import { AdminMessagesController } from './admin-messages.controller';
import { AdminMessagesService } from './admin-messages.service';
import { ContactRepository } from './contact.repository';
import { ContactReplyEntity } from './entities/contact-reply.entity';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';
import { ContactEntity } from './entities/contact.entity';
import { SenderHistory } from './sender-history';
import { MessagingStatsController } from './messaging-stats.controller';
import { ContactPersonalDataRepository } from './contact-personal-data.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([ContactEntity, ContactReplyEntity]),
    NewsletterModule,
    ServicesModule,
    PaymentsModule,
    ProjectsModule,
  ],
  controllers: [ContactController, MessagingStatsController, AdminMessagesController],
  providers: [
    ContactService,
    ContactRepository,
    AdminMessagesService,
    SenderHistory,
    ContactPersonalDataRepository,
  ],
  exports: [ContactService, ContactPersonalDataRepository, AdminMessagesService],
})
export class ContactModule {}
