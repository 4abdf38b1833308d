import { useState, type FormEvent, type ReactNode } from 'react';
import { REVIEW, type ReviewCommentDto } from '@studio/shared';
import { formatTime } from './format-time';

interface NoteItemProps {
  note: ReviewCommentDto;
  replies: ReviewCommentDto[];
  active: boolean;
  /** This viewer wrote the note and its round is not sent yet: it may change or go. */
  editable: boolean;
  /** How a reply's author is named to this viewer. */
  authorLabel: (c: ReviewCommentDto) => string;
  onSeek: (note: ReviewCommentDto) => void;
  onEdit: (id: number, body: string) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
  /** Staff only: answer the note (the reply goes under it). */
  onReply?: (id: number, body: string) => Promise<void>;
  /** Staff only: tick the note off as addressed, or open it again. */
  onResolve?: (id: number, resolved: boolean) => Promise<void>;
  describeError: (err: unknown) => string;
}

type Mode = 'view' | 'edit' | 'confirm-delete' | 'reply';

interface NoteFormProps {
  id: string;
  /** Read by screen readers only. */
  label: ReactNode;
  value: string;
  rows: number;
  onChange: (value: string) => void;
  inputTestId: string;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  submitTestId?: string;
  onCancel: () => void;
}

/** Editing a note or replying to it: a textarea, then send (only with words in it) and cancel. */
function NoteForm(props: NoteFormProps) {
  return (
    <form className="rp-note__form" onSubmit={props.onSubmit}>
      <label className="rp-visually-hidden" htmlFor={props.id}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        className="rp-textarea"
        value={props.value}
        maxLength={REVIEW.commentMax}
        rows={props.rows}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.inputTestId}
      />
      <div className="rp-note__actions">
        <button
          type="submit"
          className="rp-button rp-button--primary"
          disabled={props.busy || !props.value.trim()}
          data-testid={props.submitTestId}
        >
          {props.submitLabel}
        </button>
        <button type="button" className="rp-button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One top-level note: its moment (a tap seeks there), its words and replies, and its own actions. */
export function NoteItem({
  note,
  replies,
  active,
  editable,
  authorLabel,
  onSeek,
  onEdit,
  onDelete,
  onReply,
  onResolve,
  describeError,
}: NoteItemProps) {
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(note.body);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      setMode('view');
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  const save = (e: FormEvent) => {
    e.preventDefault();
    const body = draft.trim();
    if (!body) return;
    void run(() => onEdit(note.id, body));
  };

  const sendReply = (e: FormEvent) => {
    e.preventDefault();
    const body = reply.trim();
    if (!body || !onReply) return;
    void run(async () => {
      await onReply(note.id, body);
      setReply('');
    });
  };

  const moment = `v${note.versionNumber} · ${formatTime(note.atSec)}${
    note.endSec !== null ? `–${formatTime(note.endSec)}` : ''
  }`;

  return (
    <li data-comment={note.id} className={`rp-note${active ? ' is-active' : ''}`}>
      <button type="button" className="rp-note__seek" onClick={() => onSeek(note)}>
        {moment}
      </button>
      {mode === 'edit' ? (
        <NoteForm
          id={`rp-edit-${note.id}`}
          label={<>Your note at {moment}</>}
          value={draft}
          rows={3}
          onChange={setDraft}
          inputTestId="note-edit-input"
          onSubmit={save}
          busy={busy}
          submitLabel="Save note"
          onCancel={() => {
            setDraft(note.body);
            setMode('view');
          }}
        />
      ) : (
        <p className="rp-note__body">
          {note.body}
          {note.resolved && <span className="rp-muted"> (addressed)</span>}
        </p>
      )}
      {editable && mode === 'view' && (
        <div className="rp-note__actions">
          <button
            type="button"
            className="rp-button rp-button--quiet"
            onClick={() => {
              setDraft(note.body);
              setMode('edit');
            }}
            aria-label={`Edit your note at ${moment}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="rp-button rp-button--quiet"
            onClick={() => setMode('confirm-delete')}
            aria-label={`Delete your note at ${moment}`}
          >
            Delete
          </button>
        </div>
      )}
      {editable && mode === 'confirm-delete' && (
        <div className="rp-note__confirm" role="group" aria-label="Delete this note?">
          <span>Delete this note?</span>
          <div className="rp-note__actions">
            <button
              type="button"
              className="rp-button rp-button--danger"
              disabled={busy}
              onClick={() => void run(() => onDelete(note.id))}
            >
              Delete note
            </button>
            <button type="button" className="rp-button" onClick={() => setMode('view')}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {(onReply || onResolve) && mode === 'view' && (
        <div className="rp-note__actions">
          {onReply && (
            <button
              type="button"
              className="rp-button rp-button--quiet"
              onClick={() => setMode('reply')}
              aria-label={`Reply to the note at ${moment}`}
              data-testid="note-reply"
            >
              Reply
            </button>
          )}
          {onResolve && (
            <button
              type="button"
              className="rp-button rp-button--quiet"
              disabled={busy}
              onClick={() => void run(() => onResolve(note.id, !note.resolved))}
              aria-label={`${note.resolved ? 'Reopen' : 'Mark addressed'}: the note at ${moment}`}
              data-testid="note-resolve"
            >
              {note.resolved ? 'Reopen' : 'Mark addressed'}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="rp-error" role="alert">
          {error}
        </p>
      )}
      {replies.map((r) => (
        <div key={r.id} className="rp-note__reply">
          <strong>{authorLabel(r)}:</strong> {r.body}
        </div>
      ))}
      {onReply && mode === 'reply' && (
        <NoteForm
          id={`rp-reply-${note.id}`}
          label={<>Reply to the note at {moment}</>}
          value={reply}
          rows={2}
          onChange={setReply}
          inputTestId="reply-input"
          onSubmit={sendReply}
          busy={busy}
          submitLabel="Send reply"
          submitTestId="send-reply"
          onCancel={() => setMode('view')}
        />
      )}
    </li>
  );
}
