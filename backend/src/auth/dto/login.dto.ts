import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @IsString({ message: 'Username or email is required' })
  @IsNotEmpty({ message: 'Username or email is required' })
  @MaxLength(255)
  username: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(1024)
  password: string;
}
