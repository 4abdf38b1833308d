import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AccountTokensRepository } from './account-tokens.repository';
import { AccountTokensService } from './account-tokens.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AccountTokenEntity } from './entities/account-token.entity';
import { RecoveryCodeEntity } from './entities/recovery-code.entity';
import { SecuritySettingsEntity } from './entities/security-settings.entity';
import { JwtStrategy } from './jwt.strategy';
import { LoginAttemptsService } from './login-attempts.service';
import { PasswordController } from './password.controller';
import { SecuritySettingsRepository } from './security-settings.repository';
import { SecuritySettingsService } from './security-settings.service';
import { RecoveryCodesRepository } from './two-factor/recovery-codes.repository';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorService } from './two-factor/two-factor.service';

@Module({
  imports: [
    UsersModule,
    SessionsModule,
    PassportModule,
    TypeOrmModule.forFeature([AccountTokenEntity, RecoveryCodeEntity, SecuritySettingsEntity]),
  ],
  controllers: [AuthController, PasswordController, TwoFactorController],
  providers: [
    AuthService,
    JwtStrategy,
    LoginAttemptsService,
    AccountTokensRepository,
    AccountTokensService,
    SecuritySettingsRepository,
    SecuritySettingsService,
    RecoveryCodesRepository,
    TwoFactorService,
  ],
  exports: [AuthService, AccountTokensService, SecuritySettingsService, TwoFactorService, SessionsModule],
})
export class AuthModule {}
