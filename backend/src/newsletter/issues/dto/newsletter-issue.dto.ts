import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import {
  NEWSLETTER_ISSUE_LIMITS as L,
  NEWSLETTER_ISSUE_MESSAGES as M,
  NEWSLETTER_ISSUE_STATES,
  type NewsletterIssueState,
} from '@studio/shared';
import { AdminListQuery } from '../../../common/admin-list.query';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/admin/newsletter/issues, PUT …/issues/{id} and POST …/preview: the whole issue. */
export class SaveNewsletterIssueDto {
  @Transform(trim)
  @IsString({ message: M.subject })
  @Length(L.subjectMin, L.subjectMax, { message: M.subject })
  subject: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: M.preheader })
  @MaxLength(L.preheaderMax, { message: M.preheader })
  preheader?: string;

  /** HTML from the post editor; cleaned with the blog's allowlist before it is stored. */
  @IsString({ message: M.body })
  @MaxLength(L.bodyMax, { message: M.bodyTooLong })
  bodyHtml: string;
}

/** GET /api/admin/newsletter/issues. */
export class NewsletterIssueListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(NEWSLETTER_ISSUE_STATES, { message: `state must be one of ${NEWSLETTER_ISSUE_STATES.join(', ')}` })
  state?: NewsletterIssueState;
}
