/**
 * The review player (its own lazy chunk): the waveform drawn from the peaks the server stored
 * (wavesurfer.js never decodes the file), the preview streamed from a short-lived signed URL,
 * notes as regions (a point or a dragged range) on the waveform and as a list that follows
 * playback (a tap seeks), and an A/B switch between two versions without a gap: both play in
 * step and the switch only changes which one is heard, each at the matched loudness.
 * Keyboard: space plays or pauses, ←/→ jump 5 s, A and B switch (the hint is not shown on touch
 * screens, which have no keys).
 *
 * Shared by the client's portal and the staff's project page (the `@studio/review-player`
 * alias): everything comes in as props (versions, notes, how to load peaks and preview URLs,
 * who may change which note) and every change goes out as a callback; staff pass `onReply`
 * and `onResolve` to answer and tick off notes in place. Its only imports are React,
 * wavesurfer.js, @studio/shared and its own styles. Nothing in it is wider than a 320 px screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import {
  errorMessage,
  REVIEW,
  VERSION_KIND_LABELS,
  type ReviewCommentDto,
  type VersionDto,
} from '@studio/shared';
import { formatTime } from './format-time';
import { NoteItem } from './note-item';
import './review-player.css';

export interface NewNote {
  versionId: string;
  atSec: number;
  endSec: number | null;
  body: string;
}

export interface ReviewPlayerProps {
  versions: VersionDto[];
  comments: ReviewCommentDto[];
  /** Whether new notes can be left now. */
  canComment: boolean;
  /** Whether this viewer may still change or delete a note (their own, before its round is sent). */
  isEditable: (note: ReviewCommentDto) => boolean;
  /** How a reply's author is named to this viewer ("You", "Studio", a name). */
  authorLabel: (note: ReviewCommentDto) => string;
  loadPeaks: (versionId: string) => Promise<{ peaks: number[]; durationSec: number }>;
  loadPreviewUrl: (versionId: string) => Promise<{ url: string }>;
  onAddNote: (note: NewNote) => Promise<void>;
  onEditNote: (id: number, body: string) => Promise<void>;
  onDeleteNote: (id: number) => Promise<void>;
  /** Staff's desk only: answer a note. */
  onReply?: (id: number, body: string) => Promise<void>;
  /** Staff's desk only: tick a note off as addressed (or open it again). */
  onResolve?: (id: number, resolved: boolean) => Promise<void>;
}

type Side = 'A' | 'B';

/** Linear gain that brings `lufs` down to `target` (never up: an element's volume stops at 1). */
function gainFor(lufs: number | null, target: number): number {
  if (lufs === null) return 1;
  return Math.min(1, Math.pow(10, (target - lufs) / 20));
}

/** The server's own sentence when there is one. */
const describe = errorMessage;

const WAVE = { wave: '#7d8396', progress: '#f5b942', cursor: '#ffcf6b' };
const REGION = {
  range: 'rgba(245, 185, 66, 0.25)',
  note: 'rgba(167, 139, 250, 0.35)',
  done: 'rgba(16, 185, 129, 0.35)',
};

export default function ReviewPlayer({
  versions,
  comments,
  canComment,
  isEditable,
  authorLabel,
  loadPeaks,
  loadPreviewUrl,
  onAddNote,
  onEditNote,
  onDeleteNote,
  onReply,
  onResolve,
}: ReviewPlayerProps) {
  const latest = versions.at(-1)!;
  const [versionId, setVersionId] = useState(latest.id);
  // With two versions or more, A/B starts on the latest against the one before it.
  const [compareId, setCompareId] = useState<string>(() => versions.at(-2)?.id ?? '');
  const [side, setSide] = useState<Side>('A');
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [draftRange, setDraftRange] = useState<{ start: number; end: number } | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waveRef = useRef<HTMLDivElement>(null);
  const timelineRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<RegionsPlugin | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const audioA = useMemo(() => new Audio(), []);
  const audioB = useMemo(() => new Audio(), []);
  // The loaders may be new functions on every render of the page: keep the latest without
  // rebuilding the waveform.
  const loaders = useRef({ loadPeaks, loadPreviewUrl });
  loaders.current = { loadPeaks, loadPreviewUrl };

  const version = versions.find((v) => v.id === versionId) ?? latest;
  const compare = versions.find((v) => v.id === compareId && v.id !== version.id) ?? null;
  const target = Math.min(
    REVIEW.matchLufs,
    ...[version, compare].flatMap((v) => (v?.loudnessLufs != null ? [v.loudnessLufs] : [])),
  );

  // Whichever side is heard plays at the matched level; the other keeps time silently.
  useEffect(() => {
    audioA.volume = side === 'A' ? gainFor(version.loudnessLufs, target) : 0;
    audioB.volume = side === 'B' && compare ? gainFor(compare.loudnessLufs, target) : 0;
    if (side === 'B' && compare && Math.abs(audioB.currentTime - audioA.currentTime) > 0.05)
      audioB.currentTime = audioA.currentTime;
  }, [side, version, compare, target, audioA, audioB]);

  // The waveform of the chosen version, from its stored peaks.
  useEffect(() => {
    let cancelled = false;
    let ws: WaveSurfer | null = null;
    setError(null);
    void (async () => {
      try {
        const [peaks, signed] = await Promise.all([
          loaders.current.loadPeaks(version.id),
          loaders.current.loadPreviewUrl(version.id),
        ]);
        if (cancelled || !waveRef.current) return;
        const regions = RegionsPlugin.create();
        const timeline = TimelinePlugin.create({ container: timelineRef.current ?? undefined });
        ws = WaveSurfer.create({
          container: waveRef.current,
          media: audioA,
          url: signed.url,
          peaks: [peaks.peaks],
          duration: peaks.durationSec,
          height: 88,
          waveColor: WAVE.wave,
          progressColor: WAVE.progress,
          cursorColor: WAVE.cursor,
          normalize: true,
          plugins: [regions, timeline],
        });
        regions.enableDragSelection({ color: REGION.range });
        regions.on('region-created', (region) => {
          if (region.id.startsWith('c-')) return;
          for (const r of regions.getRegions()) if (r !== region && !r.id.startsWith('c-')) r.remove();
          setDraftRange({ start: region.start, end: region.end });
        });
        ws.on('timeupdate', (t) => setTime(t));
        // Signed URLs live minutes: when one has expired mid-review, fetch a fresh one and carry on.
        let retries = 0;
        audioA.onerror = () => {
          if (++retries > 3) return;
          const at = audioA.currentTime;
          const wasPlaying = !audioA.paused;
          void loaders.current.loadPreviewUrl(version.id).then((fresh) => {
            if (cancelled) return;
            audioA.src = fresh.url;
            audioA.currentTime = at;
            if (wasPlaying) void audioA.play().catch(() => undefined);
          });
        };
        ws.on('play', () => setPlaying(true));
        ws.on('pause', () => setPlaying(false));
        wsRef.current = ws;
        regionsRef.current = regions;
        setDraftRange(null);
      } catch (err) {
        if (!cancelled) setError(describe(err, 'The player could not load this version.'));
      }
    })();
    return () => {
      cancelled = true;
      audioA.onerror = null;
      ws?.destroy();
      wsRef.current = null;
      regionsRef.current = null;
      audioA.pause();
    };
  }, [version.id, audioA]);

  // The notes of this version as regions: a marker for a point, a band for a range.
  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions) return;
    for (const r of regions.getRegions()) if (r.id.startsWith('c-')) r.remove();
    for (const c of comments) {
      if (c.versionId !== version.id || c.parentId !== null) continue;
      regions.addRegion({
        id: `c-${c.id}`,
        start: c.atSec,
        end: c.endSec ?? undefined,
        color: c.resolved ? REGION.done : REGION.note,
        drag: false,
        resize: false,
      });
    }
  });

  // The other side of the A/B switch: its own signed URL, started in step with A.
  useEffect(() => {
    if (!compare) {
      audioB.removeAttribute('src');
      setSide('A');
      return;
    }
    let cancelled = false;
    void loaders.current
      .loadPreviewUrl(compare.id)
      .then((s) => {
        if (cancelled) return;
        audioB.src = s.url;
        audioB.currentTime = audioA.currentTime;
        if (!audioA.paused) void audioB.play().catch(() => undefined);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(describe(err, 'The version to compare with could not load.'));
      });
    const follow = () => {
      if (audioA.paused) audioB.pause();
      else void audioB.play().catch(() => undefined);
    };
    const seek = () => {
      audioB.currentTime = audioA.currentTime;
    };
    audioA.addEventListener('play', follow);
    audioA.addEventListener('pause', follow);
    audioA.addEventListener('seeked', seek);
    return () => {
      cancelled = true;
      audioA.removeEventListener('play', follow);
      audioA.removeEventListener('pause', follow);
      audioA.removeEventListener('seeked', seek);
      audioB.pause();
    };
  }, [compare, audioA, audioB]);

  const seekTo = useCallback(
    (c: ReviewCommentDto) => {
      if (c.versionId !== version.id) setVersionId(c.versionId);
      else wsRef.current?.setTime(c.atSec);
    },
    [version.id],
  );

  // Keyboard: space, arrows, A and B (not while typing a note or choosing in a list).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (
        el &&
        (el.tagName === 'TEXTAREA' ||
          el.tagName === 'INPUT' ||
          el.tagName === 'SELECT' ||
          el.isContentEditable)
      )
        return;
      const ws = wsRef.current;
      if (!ws) return;
      if (e.key === ' ') {
        e.preventDefault();
        void ws.playPause();
      } else if (e.key === 'ArrowLeft') ws.setTime(Math.max(0, ws.getCurrentTime() - 5));
      else if (e.key === 'ArrowRight') ws.setTime(Math.min(ws.getDuration(), ws.getCurrentTime() + 5));
      else if (e.key === 'a' || e.key === 'A') setSide('A');
      else if ((e.key === 'b' || e.key === 'B') && compare) setSide('B');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compare]);

  // The list follows playback: the note under the playhead is highlighted and kept in view.
  const active = useMemo(() => {
    const mine = comments.filter((c) => c.versionId === version.id && c.parentId === null);
    return mine.filter((c) => c.atSec <= time + 0.05 && time <= (c.endSec ?? c.atSec + 3)).at(-1)?.id ?? null;
  }, [comments, version.id, time]);
  useEffect(() => {
    if (active === null) return;
    listRef.current?.querySelector(`[data-comment="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  async function addNote(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const body = note.trim();
    if (!body) return;
    setSaving(true);
    try {
      await onAddNote({
        versionId: version.id,
        atSec: draftRange ? draftRange.start : Math.round(time * 10) / 10,
        endSec: draftRange ? draftRange.end : null,
        body,
      });
      setNote('');
      setDraftRange(null);
      for (const r of regionsRef.current?.getRegions() ?? []) if (!r.id.startsWith('c-')) r.remove();
    } catch (err) {
      setError(describe(err, 'The note could not be saved.'));
    } finally {
      setSaving(false);
    }
  }

  const topLevel = comments.filter((c) => c.parentId === null);
  const replies = (id: number) => comments.filter((c) => c.parentId === id);
  const hasChoice = versions.length > 1;

  return (
    <div className="review-player" data-testid="review-player">
      {hasChoice && (
        <div className="rp-bar rp-bar--choose">
          <label className="rp-field">
            <span className="rp-field__label">Version</span>
            <select
              className="rp-select"
              value={version.id}
              onChange={(e) => setVersionId(e.target.value)}
              data-testid="version-select"
            >
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  v{v.number} · {VERSION_KIND_LABELS[v.kind]} · {v.name}
                </option>
              ))}
            </select>
          </label>
          <label className="rp-field">
            <span className="rp-field__label">Compare with</span>
            <select
              className="rp-select"
              value={compare?.id ?? ''}
              onChange={(e) => setCompareId(e.target.value)}
              data-testid="compare-select"
            >
              <option value="">Nothing</option>
              {versions
                .filter((v) => v.id !== version.id)
                .map((v) => (
                  <option key={v.id} value={v.id}>
                    v{v.number} · {v.name}
                  </option>
                ))}
            </select>
          </label>
        </div>
      )}
      <div ref={waveRef} className="rp-wave" data-testid="waveform" />
      <div ref={timelineRef} className="rp-timeline" />
      <div className="rp-bar">
        <button
          type="button"
          className="rp-button rp-button--primary rp-play"
          onClick={() => void wsRef.current?.playPause()}
          data-testid="play"
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        {compare && (
          <span className="rp-ab" role="group" aria-label="Hear version">
            <button
              type="button"
              className="rp-ab__side"
              aria-pressed={side === 'A'}
              onClick={() => setSide('A')}
              data-testid="ab-a"
            >
              v{version.number}
            </button>
            <button
              type="button"
              className="rp-ab__side"
              aria-pressed={side === 'B'}
              onClick={() => setSide('B')}
              data-testid="ab-b"
            >
              v{compare.number}
            </button>
          </span>
        )}
        <span className="rp-muted rp-time" data-testid="player-time">
          {formatTime(time)} / {formatTime(version.durationSec ?? 0)}
        </span>
      </div>
      <p className="rp-hint rp-muted" data-testid="keyboard-hint">
        Space play/pause · ←/→ 5 s{compare ? ' · A/B switch' : ''} · drag on the waveform for a range
      </p>
      {error && (
        <p className="rp-error" role="alert">
          {error}
        </p>
      )}
      {canComment && (
        <form className="rp-form" onSubmit={(e) => void addNote(e)}>
          <label htmlFor="review-note" className="rp-field__label">
            Note{' '}
            {draftRange
              ? `from ${formatTime(draftRange.start)} to ${formatTime(draftRange.end)}`
              : `at ${formatTime(time)}`}
          </label>
          <textarea
            id="review-note"
            className="rp-textarea"
            value={note}
            maxLength={REVIEW.commentMax}
            onChange={(e) => setNote(e.target.value)}
            rows={2}
            data-testid="note-input"
          />
          <button
            type="submit"
            className="rp-button"
            disabled={saving || !note.trim()}
            data-testid="add-note"
          >
            Add note
          </button>
        </form>
      )}
      {topLevel.length > 0 && (
        <ol ref={listRef} className="rp-notes" data-testid="comment-list">
          {topLevel.map((c) => (
            <NoteItem
              key={c.id}
              note={c}
              replies={replies(c.id)}
              active={c.id === active}
              editable={isEditable(c)}
              authorLabel={authorLabel}
              onSeek={seekTo}
              onEdit={onEditNote}
              onDelete={onDeleteNote}
              onReply={onReply}
              onResolve={onResolve}
              describeError={(err) => describe(err, 'That did not work. Please try again.')}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
