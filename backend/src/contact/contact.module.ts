import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';
import { Contact } from './entities/contact.entity';
import { MessagingStatsController } from './messaging-stats.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Contact]), NewsletterModule],
  controllers: [ContactController, MessagingStatsController],
  providers: [ContactService],
  exports: [ContactService],
})
export class ContactModule {}
