import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferralCodeEntity } from './entities/referral-code.entity';
import { AdminReferralsController } from './admin-referrals.controller';
import { AdminReferralsService } from './admin-referrals.service';
import { ReferralController } from './referral.controller';
import { ReferralRepository } from './referral.repository';
import { ReferralService } from './referral.service';
import { ReferralPersonalDataRepository } from './referral-personal-data.repository';

@Module({
  imports: [TypeOrmModule.forFeature([ReferralCodeEntity])],
  controllers: [ReferralController, AdminReferralsController],
  providers: [ReferralService, AdminReferralsService, ReferralRepository, ReferralPersonalDataRepository],
  exports: [ReferralService, ReferralRepository, ReferralPersonalDataRepository],
})
export class ReferralModule {}
