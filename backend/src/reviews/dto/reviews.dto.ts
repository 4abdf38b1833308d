import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  LIMIT_MESSAGES,
  LIMITS,
  Protection,
  PROTECTIONS,
  REVIEW,
  VERSION_KINDS,
  VersionKind,
} from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A day is far longer than any track; the real bound (the track's end) is checked by the service. */
const MAX_SEC = 86_400;

/** A file staff send: a final delivery has only its name. */
export class FinalUploadQuery {
  @Transform(trim)
  @IsString({ message: 'Give the file a name.' })
  @MinLength(1, { message: 'Give the file a name.' })
  @MaxLength(200, { message: 'The name is at most 200 characters.' })
  name: string;
}

/** A version for review: its name, its kind and the staff's note to the client. */
export class VersionUploadQuery extends FinalUploadQuery {
  @IsIn(VERSION_KINDS, { message: `kind must be one of: ${VERSION_KINDS.join(', ')}` })
  kind: VersionKind;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.project.noteMax, { message: LIMIT_MESSAGES.note })
  note?: string;
}

export class ProtectionDto {
  @IsIn(PROTECTIONS, { message: `protection must be one of: ${PROTECTIONS.join(', ')}` })
  protection: Protection;

  @IsOptional()
  @IsInt({ message: 'The tag interval is a whole number of seconds.' })
  @Min(REVIEW.tagEveryMinSec, { message: `The tag interval is at least ${REVIEW.tagEveryMinSec} seconds.` })
  @Max(REVIEW.tagEveryMaxSec, { message: `The tag interval is at most ${REVIEW.tagEveryMaxSec} seconds.` })
  tagEverySec?: number;
}

export class NewCommentDto {
  @IsUUID('all', { message: 'versionId must name a version.' })
  versionId: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'atSec must be a number of seconds.' })
  @Min(0, { message: 'atSec cannot be negative.' })
  @Max(MAX_SEC, { message: 'atSec is past the end of the track.' })
  atSec: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'endSec must be a number of seconds.' })
  @Min(0, { message: 'endSec cannot be negative.' })
  @Max(MAX_SEC, { message: 'endSec is past the end of the track.' })
  endSec?: number | null;

  @Transform(trim)
  @IsString({ message: 'Please write a note.' })
  @MinLength(1, { message: 'Please write a note.' })
  @MaxLength(REVIEW.commentMax, { message: `A note is at most ${REVIEW.commentMax} characters.` })
  body: string;

  @IsOptional()
  @IsInt({ message: 'parentId must name a comment.' })
  @Min(1, { message: 'parentId must name a comment.' })
  @Max(2_147_483_647, { message: 'parentId must name a comment.' })
  parentId?: number | null;
}

/** Staff's answer to a note: it takes the note's version and moment. */
export class NoteReplyDto {
  @Transform(trim)
  @IsString({ message: 'Please write a reply.' })
  @MinLength(1, { message: 'Please write a reply.' })
  @MaxLength(REVIEW.commentMax, { message: `A reply is at most ${REVIEW.commentMax} characters.` })
  body: string;
}

/** The author's new words for their note (its moment stays). */
export class EditCommentDto {
  @Transform(trim)
  @IsString({ message: 'Please write a note.' })
  @MinLength(1, { message: 'Please write a note.' })
  @MaxLength(REVIEW.commentMax, { message: `A note is at most ${REVIEW.commentMax} characters.` })
  body: string;
}

export class ResolveCommentDto {
  @IsOptional()
  @IsBoolean({ message: 'resolved is true or false.' })
  resolved?: boolean;
}

export class SubmitRoundDto {
  /** Needed for a round beyond those included: the client accepts the extra-round fee. */
  @IsOptional()
  @IsBoolean({ message: 'acceptFee is true or false.' })
  acceptFee?: boolean;
}

export class ApproveDto {
  @IsUUID('all', { message: 'versionId must name a version.' })
  versionId: string;
}

export class CommentIdParam {
  @Type(() => Number)
  @IsInt({ message: 'Comment not found.' })
  @Min(1, { message: 'Comment not found.' })
  @Max(2_147_483_647, { message: 'Comment not found.' })
  cid: number;
}

/** The query of a signed preview or download URL. */
export class SignedUrlQuery {
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,12}$/, { message: 'This link is not valid.' })
  exp?: string;

  @IsOptional()
  @IsIn(['client', 'staff'], { message: 'This link is not valid.' })
  for?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'This link is not valid.' })
  sig?: string;
}
