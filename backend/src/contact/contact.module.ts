import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';
import { Contact } from './entities/contact.entity';
import { MessagingStatsController } from './messaging-stats.controller';
import { ContactPersonalDataRepository } from './contact-personal-data.repository';

@Module({
  imports: [TypeOrmModule.forFeature([Contact]), NewsletterModule],
  controllers: [ContactController, MessagingStatsController],
  providers: [ContactService, ContactPersonalDataRepository],
  exports: [ContactService, ContactPersonalDataRepository],
})
export class ContactModule {}
