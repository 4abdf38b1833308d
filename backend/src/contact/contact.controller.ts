import { Body, Controller, Post } from '@nestjs/common';
import { PublicThrottle, THROTTLES } from '../common/guards/public-throttle';
import { CONTACT_SUCCESS_MESSAGE, ContactService } from './contact.service';
import { ContactDto, ContactV2Dto } from './dto/contact.dto';

@Controller('api')
export class ContactController {
  constructor(private readonly contacts: ContactService) {}

  @Post('contact')
  @PublicThrottle(...THROTTLES.contact, 'contact')
  async contact(@Body() dto: ContactDto) {
    const outcome = await this.contacts.submit(dto);
    return {
      success: true,
      message: CONTACT_SUCCESS_MESSAGE,
      emailStatus: { customerThankYou: outcome.customerThankYou.success },
    };
  }

  @Post('contact-v2')
  @PublicThrottle(...THROTTLES.contact)
  async contactV2(@Body() dto: ContactV2Dto) {
    const outcome = await this.contacts.submit(dto);
    return {
      success: true,
      message: CONTACT_SUCCESS_MESSAGE,
      emailStatus: {
        customerThankYou: outcome.customerThankYou,
        adminNotification: outcome.adminNotification,
      },
    };
  }
}
