import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { ContactModule } from '../contact/contact.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { NativeFormErrorFilter } from './native-form.filter';
import { NativeFormsController } from './native-forms.controller';

/** The public forms posted without JavaScript (see native-forms.controller.ts). */
@Module({
  imports: [ContactModule, NewsletterModule, BlogModule],
  controllers: [NativeFormsController],
  providers: [NativeFormErrorFilter],
})
export class NativeFormsModule {}
