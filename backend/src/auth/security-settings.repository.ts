import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SecuritySettingsEntity } from './entities/security-settings.entity';

/** Every query on `security_settings`. */
@Injectable()
export class SecuritySettingsRepository {
  constructor(
    @InjectRepository(SecuritySettingsEntity) private readonly rows: Repository<SecuritySettingsEntity>,
  ) {}

  async requireTwoFactor(): Promise<boolean> {
    const [row] = (await this.rows.query(
      `SELECT require_two_factor FROM security_settings WHERE id = 1`,
    )) as {
      require_two_factor: boolean;
    }[];
    return row?.require_two_factor ?? false;
  }

  async setRequireTwoFactor(value: boolean): Promise<void> {
    await this.rows.query(
      `INSERT INTO security_settings (id, require_two_factor, updated_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET require_two_factor = $1, updated_at = now()`,
      [value],
    );
  }
}
