import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessage, LIMITS } from '@studio/shared';
import { SenderFields, SubmitButton, TextAreaField } from '../ui/field';
import { useValidatedForm } from '../ui/use-validated-form';
import { HoneypotField } from '../ui/honeypot-field';
import { submitComment } from './blog-api';
import {
  COMMENT_FIELDS,
  commentRequest,
  serverFieldErrors,
  validateComment,
  type CommentValues,
} from './comment-schema';

const EMPTY: CommentValues = { authorName: '', authorEmail: '', content: '' };
const AWAITING_MODERATION = 'Thanks! Your comment will appear once it has been approved.';
const SEND_FAILED = "We couldn't post your comment. Please try again.";

/** Leave a comment: stored unapproved, so the writer is told it awaits moderation. */
export function CommentForm({ slug }: { slug: string }) {
  const form = useValidatedForm({
    idPrefix: 'comment',
    fields: COMMENT_FIELDS,
    initial: () => EMPTY,
    validate: validateComment,
  });
  const [website, setWebsite] = useState('');
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () => submitComment(slug, commentRequest(form.values, website)),
    onSuccess: (res) => {
      setSentMessage(res?.message || AWAITING_MODERATION);
      form.reset();
      setWebsite('');
    },
    onError: (error) => {
      if (error instanceof ApiError) form.showErrors(serverFieldErrors(error.body?.errors));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    setSentMessage(null);
    send.mutate();
  };

  const failure =
    send.isError && !COMMENT_FIELDS.some((f) => form.errors[f])
      ? errorMessage(send.error, SEND_FAILED)
      : null;

  return (
    // method="post" with no action: sent before the scripts have loaded, it goes to this post's
    // page, which the server accepts as a comment (native-forms).
    <form
      ref={form.formRef}
      method="post"
      className="form comment-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="comment-form-title"
    >
      <h3 id="comment-form-title" className="comment-form__title">
        Leave a comment
      </h3>
      <p className="field__hint">
        Comments are checked by the studio before they appear. Your email is never shown.
      </p>
      <SenderFields
        name={form.field('authorName')}
        email={form.field('authorEmail')}
        nameMax={LIMITS.comment.authorNameMax}
        emailMax={LIMITS.user.emailMax}
      />
      <TextAreaField
        label="Comment"
        required
        rows={5}
        maxLength={LIMITS.comment.contentMax}
        {...form.field('content')}
      />
      <HoneypotField id="comment-website" value={website} onChange={setWebsite} />
      <div aria-live="polite">
        {sentMessage && (
          <p className="notice">
            <span className="notice__title">Comment submitted</span>
            {sentMessage}
          </p>
        )}
        {failure && (
          <p className="notice notice--error">
            <span className="notice__title">Comment not sent</span>
            {failure}
          </p>
        )}
      </div>
      <div>
        <SubmitButton busy={send.isPending} busyLabel="Posting..." className="btn btn--primary">
          Post Comment
        </SubmitButton>
      </div>
    </form>
  );
}
