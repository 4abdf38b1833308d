/** The comment form's rules (spec §5: name 2-100, content at least 5), the same as the server's. */
import { LIMITS, MESSAGES, type CreateCommentRequest } from '@studio/shared';

export type CommentField = 'authorName' | 'authorEmail' | 'content';
export type CommentValues = Record<CommentField, string>;
export type CommentErrors = Partial<Record<CommentField, string>>;

const C = LIMITS.comment;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const COMMENT_FIELDS: CommentField[] = ['authorName', 'authorEmail', 'content'];

export function validateComment(values: CommentValues): CommentErrors {
  const errors: CommentErrors = {};
  const name = values.authorName.trim();
  const email = values.authorEmail.trim();
  const content = values.content.trim();
  if (name.length < C.authorNameMin)
    errors.authorName = `Name must be at least ${C.authorNameMin} characters`;
  else if (name.length > C.authorNameMax)
    errors.authorName = `Name must be at most ${C.authorNameMax} characters`;
  if (!EMAIL_PATTERN.test(email) || email.length > LIMITS.user.emailMax) errors.authorEmail = MESSAGES.email;
  if (content.length < C.contentMin) errors.content = `Comment must be at least ${C.contentMin} characters`;
  else if (content.length > C.contentMax)
    errors.content = `Comment must be at most ${C.contentMax} characters`;
  return errors;
}

export function commentRequest(values: CommentValues, website: string): CreateCommentRequest {
  return {
    authorName: values.authorName.trim(),
    authorEmail: values.authorEmail.trim(),
    content: values.content.trim(),
    website,
  };
}

/** The server's field errors (`errors: [{ field, message }]`) for the fields this form has. */
export function serverFieldErrors(errors: { field: string; message: string }[] | undefined): CommentErrors {
  const out: CommentErrors = {};
  for (const e of errors ?? []) {
    if ((COMMENT_FIELDS as string[]).includes(e.field) && !out[e.field as CommentField])
      out[e.field as CommentField] = e.message;
  }
  return out;
}
