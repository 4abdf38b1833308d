import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';
import { PageQueryDto } from '../../../common/input/page-query.dto';

const C = LIMITS.comment;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A required text between min and max; rules run in this order, so a missing value reads "X is required". */
const Text = (label: string, min: number, max: number) =>
  applyDecorators(
    Transform(trim),
    IsString({ message: `${label} is required` }),
    Length(min, max, {
      message: (a) =>
        String(a.value ?? '').length < min
          ? `${label} must be at least ${min} characters`
          : `${label} must be at most ${max} characters`,
    }),
  );

export class CreateCommentDto {
  @Text('Name', C.authorNameMin, C.authorNameMax)
  authorName: string;

  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.email })
  @MaxLength(LIMITS.user.emailMax, { message: MESSAGES.email })
  authorEmail: string;

  @Text('Comment', C.contentMin, C.contentMax)
  content: string;

  /** A reply to this approved comment of the same post. */
  @IsOptional()
  @IsInt({ message: 'parentId must be a comment id' })
  @Min(1, { message: 'parentId must be a comment id' })
  parentId?: number;

  /** Honeypot: hidden from people, so anything in it came from a bot. */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  website?: string;
}

export class AdminCommentQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['pending', 'approved', 'all'], { message: 'Status must be pending, approved or all' })
  status?: 'pending' | 'approved' | 'all';
}
