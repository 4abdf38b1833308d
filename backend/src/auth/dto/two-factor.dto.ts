import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class TwoFactorCodeDto {
  @IsString({ message: 'Enter the code from your app or a recovery code' })
  @IsNotEmpty({ message: 'Enter the code from your app or a recovery code' })
  @MaxLength(32)
  code: string;
}

export class TwoFactorLoginDto extends TwoFactorCodeDto {
  @IsString({ message: 'Your sign-in step has expired. Please sign in again.' })
  @IsNotEmpty({ message: 'Your sign-in step has expired. Please sign in again.' })
  @MaxLength(2000)
  challenge: string;
}
