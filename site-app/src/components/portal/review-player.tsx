/**
 * The review player (its own lazy chunk): the waveform drawn from the peaks the server stored
 * (wavesurfer.js never decodes the file), the preview streamed from a short-lived signed URL,
 * notes as regions (a point or a dragged range) on the waveform and as a list that follows
 * playback (a click seeks), and an A/B switch between two versions without a gap: both play in
 * step and the switch only changes which one is heard, each at the matched loudness.
 * Keyboard: space plays or pauses, ←/→ jump 5 s, A and B switch.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import { ApiError, REVIEW, type ReviewCommentDto, type VersionDto } from '@studio/shared';
import { fetchPeaks, fetchPreviewUrl, formatTime, postComment } from './review-api';

export interface ReviewPlayerProps {
  projectId: string;
  versions: VersionDto[];
  comments: ReviewCommentDto[];
  canComment: boolean;
  onChanged: () => void;
}

type Side = 'A' | 'B';

/** Linear gain that brings `lufs` down to `target` (never up: an element's volume stops at 1). */
function gainFor(lufs: number | null, target: number): number {
  if (lufs === null) return 1;
  return Math.min(1, Math.pow(10, (target - lufs) / 20));
}

export default function ReviewPlayer({
  projectId,
  versions,
  comments,
  canComment,
  onChanged,
}: ReviewPlayerProps) {
  const latest = versions.at(-1)!;
  const [versionId, setVersionId] = useState(latest.id);
  const [compareId, setCompareId] = useState<string>('');
  const [side, setSide] = useState<Side>('A');
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [draftRange, setDraftRange] = useState<{ start: number; end: number } | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const waveRef = useRef<HTMLDivElement>(null);
  const timelineRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<RegionsPlugin | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const audioA = useMemo(() => new Audio(), []);
  const audioB = useMemo(() => new Audio(), []);

  const version = versions.find((v) => v.id === versionId) ?? latest;
  const compare = versions.find((v) => v.id === compareId) ?? null;
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
          fetchPeaks(projectId, version.id),
          fetchPreviewUrl(projectId, version.id),
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
          height: 96,
          waveColor: '#a78bfa',
          progressColor: '#6d28d9',
          cursorColor: '#f59e0b',
          normalize: true,
          plugins: [regions, timeline],
        });
        regions.enableDragSelection({ color: 'rgba(245, 158, 11, 0.25)' });
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
          void fetchPreviewUrl(projectId, version.id).then((fresh) => {
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
        if (!cancelled)
          setError(err instanceof ApiError ? err.message : 'The player could not load this version.');
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
  }, [projectId, version.id, audioA]);

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
        color: c.resolved ? 'rgba(16, 185, 129, 0.35)' : 'rgba(124, 58, 237, 0.3)',
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
    void fetchPreviewUrl(projectId, compare.id).then((s) => {
      if (cancelled) return;
      audioB.src = s.url;
      audioB.currentTime = audioA.currentTime;
      if (!audioA.paused) void audioB.play().catch(() => undefined);
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
  }, [projectId, compare, audioA, audioB]);

  const seekTo = useCallback(
    (c: ReviewCommentDto) => {
      if (c.versionId !== version.id) setVersionId(c.versionId);
      else wsRef.current?.setTime(c.atSec);
    },
    [version.id],
  );

  // Keyboard: space, arrows, A and B (not while typing a note).
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
      else if ((e.key === 'b' || e.key === 'B') && compareId) setSide('B');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compareId]);

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
    try {
      await postComment(projectId, {
        versionId: version.id,
        atSec: draftRange ? draftRange.start : Math.round(time * 10) / 10,
        endSec: draftRange ? draftRange.end : null,
        body,
      });
      setNote('');
      setDraftRange(null);
      for (const r of regionsRef.current?.getRegions() ?? []) if (!r.id.startsWith('c-')) r.remove();
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The note could not be saved.');
    }
  }

  const topLevel = comments.filter((c) => c.parentId === null);
  const replies = (id: number) => comments.filter((c) => c.parentId === id);

  return (
    <div className="review-player" data-testid="review-player">
      <div className="review-player__bar">
        <label>
          Version{' '}
          <select
            value={version.id}
            onChange={(e) => setVersionId(e.target.value)}
            data-testid="version-select"
          >
            {versions.map((v) => (
              <option key={v.id} value={v.id}>
                v{v.number} · {v.kind} · {v.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Compare with{' '}
          <select
            value={compareId}
            onChange={(e) => setCompareId(e.target.value)}
            data-testid="compare-select"
          >
            <option value="">—</option>
            {versions
              .filter((v) => v.id !== version.id)
              .map((v) => (
                <option key={v.id} value={v.id}>
                  v{v.number} · {v.name}
                </option>
              ))}
          </select>
        </label>
        <span className="review-player__ab" role="group" aria-label="A/B switch">
          <button type="button" aria-pressed={side === 'A'} onClick={() => setSide('A')} data-testid="ab-a">
            A
          </button>
          <button
            type="button"
            aria-pressed={side === 'B'}
            disabled={!compare}
            onClick={() => setSide('B')}
            data-testid="ab-b"
          >
            B
          </button>
        </span>
      </div>
      <div ref={waveRef} className="review-player__wave" data-testid="waveform" />
      <div ref={timelineRef} />
      <div className="review-player__bar">
        <button
          type="button"
          className="btn"
          onClick={() => void wsRef.current?.playPause()}
          data-testid="play"
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <span className="portal-muted" data-testid="player-time">
          {formatTime(time)} / {formatTime(version.durationSec ?? 0)}
        </span>
        <span className="portal-muted">
          Space play/pause · ←/→ 5 s · A/B switch · drag on the waveform for a range
        </span>
      </div>
      {error && (
        <p className="portal-error" role="alert">
          {error}
        </p>
      )}
      {canComment && (
        <form className="review-player__form" onSubmit={(e) => void addNote(e)}>
          <label htmlFor="review-note">
            Note{' '}
            {draftRange
              ? `from ${formatTime(draftRange.start)} to ${formatTime(draftRange.end)}`
              : `at ${formatTime(time)}`}
          </label>
          <textarea
            id="review-note"
            value={note}
            maxLength={REVIEW.commentMax}
            onChange={(e) => setNote(e.target.value)}
            rows={2}
            data-testid="note-input"
          />
          <button type="submit" className="btn" data-testid="add-note">
            Add note
          </button>
        </form>
      )}
      <ol ref={listRef} className="review-player__comments" data-testid="comment-list">
        {topLevel.map((c) => (
          <li key={c.id} data-comment={c.id} className={c.id === active ? 'is-active' : undefined}>
            <button type="button" className="review-player__seek" onClick={() => seekTo(c)}>
              v{c.versionNumber} · {formatTime(c.atSec)}
              {c.endSec !== null && `–${formatTime(c.endSec)}`}
            </button>{' '}
            <span>{c.body}</span>
            {c.resolved && <span className="portal-muted"> (addressed)</span>}
            {replies(c.id).map((r) => (
              <div key={r.id} className="review-player__reply">
                <strong>{r.author === 'staff' ? (r.authorName ?? 'Studio') : 'You'}:</strong> {r.body}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
