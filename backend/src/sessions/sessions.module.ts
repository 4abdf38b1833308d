import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { UsersModule } from '../users/users.module';
import { AuthSessionEntity } from './entities/auth-session.entity';
import { SessionsRepository } from './sessions.repository';
import { SESSION_SECONDS, SessionsService } from './sessions.service';

@Module({
  imports: [
    UsersModule,
    TypeOrmModule.forFeature([AuthSessionEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: SESSION_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [SessionsRepository, SessionsService],
  exports: [SessionsService, JwtModule],
})
export class SessionsModule {}
