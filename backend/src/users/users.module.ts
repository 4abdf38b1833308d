import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './entities/user.entity';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UsersPersonalDataRepository } from './users-personal-data.repository';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [UsersService, UsersRepository, UsersPersonalDataRepository],
  exports: [UsersService, UsersRepository, UsersPersonalDataRepository],
})
export class UsersModule implements OnApplicationBootstrap {
  constructor(private readonly users: UsersService) {}

  /** Runs after migrations (DatabaseModule migrates in onModuleInit). */
  onApplicationBootstrap(): Promise<void> {
    return this.users.ensureAdmin();
  }
}
