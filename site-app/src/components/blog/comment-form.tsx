import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, LIMITS } from '@studio/shared';
import { InputField, SubmitButton, TextAreaField } from '../ui/field';
import { HoneypotField } from '../ui/honeypot-field';
import { submitComment } from './blog-api';
import {
  COMMENT_FIELDS,
  commentRequest,
  serverFieldErrors,
  validateComment,
  type CommentErrors,
  type CommentField,
  type CommentValues,
} from './comment-schema';

const EMPTY: CommentValues = { authorName: '', authorEmail: '', content: '' };
const AWAITING_MODERATION = 'Thanks! Your comment will appear once it has been approved.';
const SEND_FAILED = "We couldn't post your comment. Please try again.";

/** Leave a comment: stored unapproved, so the writer is told it awaits moderation. */
export function CommentForm({ slug }: { slug: string }) {
  const [values, setValues] = useState<CommentValues>(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<CommentErrors>({});
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirst = (found: CommentErrors) => {
    const first = COMMENT_FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const send = useMutation({
    mutationFn: () => submitComment(slug, commentRequest(values, website)),
    onSuccess: (res) => {
      setSentMessage(res?.message || AWAITING_MODERATION);
      setValues(EMPTY);
      setWebsite('');
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const found = serverFieldErrors(error.body?.errors);
        setErrors(found);
        focusFirst(found);
      }
    },
  });

  const set = (field: CommentField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateComment(values);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    setSentMessage(null);
    send.mutate();
  };

  const failure =
    send.isError && !Object.keys(errors).some((f) => errors[f as CommentField])
      ? send.error instanceof ApiError
        ? (send.error.serverMessage ?? SEND_FAILED)
        : SEND_FAILED
      : null;

  return (
    // method="post" with no action: sent before the scripts have loaded, it goes to this post's
    // page, which the server accepts as a comment (native-forms).
    <form
      ref={formRef}
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
      <div className="form__row">
        <InputField
          id="comment-authorName"
          label="Name"
          error={errors.authorName}
          validated
          name="authorName"
          autoComplete="name"
          required
          maxLength={LIMITS.comment.authorNameMax}
          value={values.authorName}
          onChange={set('authorName')}
        />
        <InputField
          id="comment-authorEmail"
          label="Email"
          error={errors.authorEmail}
          validated
          name="authorEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.user.emailMax}
          value={values.authorEmail}
          onChange={set('authorEmail')}
        />
      </div>
      <TextAreaField
        id="comment-content"
        label="Comment"
        error={errors.content}
        validated
        name="content"
        required
        rows={5}
        maxLength={LIMITS.comment.contentMax}
        value={values.content}
        onChange={set('content')}
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
