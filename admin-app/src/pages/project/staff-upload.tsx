/**
 * Staff send a version or a final file with tus (tus-js-client) to the same /api/uploads the
 * clients use, as themselves (the staff session cookie goes along): in 8 MB pieces retried on
 * a dropped connection, with progress, pause and resume. The browser remembers where each
 * upload stopped, so after a reload choosing the same file again goes on from there; the page
 * lists such unfinished uploads of this project.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import * as tus from 'tus-js-client';
import { formatBytes } from '../../utils/format';

export type StaffTarget = 'version' | 'final';

const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];

/** The server's own sentence from a tus error, when it sent one. */
function messageOf(err: unknown): string {
  const text = /response text: (\{.*?\})(, request id|$)/.exec(String((err as Error)?.message ?? ''))?.[1];
  try {
    const body = text ? (JSON.parse(text) as { message?: unknown }) : null;
    if (typeof body?.message === 'string') return body.message;
  } catch {
    // not our JSON: the generic sentence below
  }
  return 'The upload stopped. Check the connection and press Resume.';
}

/** Unfinished uploads this browser remembers for the project (after a reload or a crash). */
async function unfinished(projectId: string): Promise<{ name: string; target: string }[]> {
  if (!tus.canStoreURLs) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all
    .filter((u) => u.metadata.projectId === projectId && u.metadata.target)
    .map((u) => ({ name: u.metadata.filename, target: u.metadata.target }));
}

export function StaffUpload({
  projectId,
  target,
  label,
  accept,
  extraMeta,
  onDone,
}: {
  projectId: string;
  target: StaffTarget;
  label: string;
  accept: string;
  /** More metadata for the server (a version's kind and note). */
  extraMeta?: Record<string, string>;
  onDone: () => void;
}) {
  const uploadRef = useRef<tus.Upload | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [state, setState] = useState<'idle' | 'running' | 'paused' | 'done' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [resumed, setResumed] = useState(false);
  const [waiting, setWaiting] = useState<{ name: string; target: string }[]>([]);

  useEffect(() => {
    void unfinished(projectId).then((list) => setWaiting(list.filter((u) => u.target === target)));
  }, [projectId, target, state]);
  // Leaving the page stops the upload where it is; it goes on later from the stored offset.
  useEffect(() => () => void uploadRef.current?.abort(), []);

  const start = (chosen: File) => {
    setFile(chosen);
    setSent(0);
    setError(null);
    setResumed(false);
    const upload = new tus.Upload(chosen, {
      endpoint: '/api/uploads',
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { projectId, filename: chosen.name, filetype: chosen.type, target, ...extraMeta },
      // The same file for the same project and purpose resumes; anything else starts afresh.
      fingerprint: (f: File) =>
        Promise.resolve(['staff', projectId, target, f.name, f.size, f.lastModified].join('/')),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (bytes) => setSent(bytes),
      onError: (err) => {
        setError(messageOf(err));
        setState('failed');
      },
      onSuccess: () => {
        setState('done');
        uploadRef.current = null;
        onDone();
      },
    });
    uploadRef.current = upload;
    void upload.findPreviousUploads().then((previous) => {
      if (previous.length) {
        upload.resumeFromPreviousUpload(previous[0]);
        setResumed(true);
      }
      setState('running');
      upload.start();
    });
  };

  const pick = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = () => {
      const chosen = input.files?.[0];
      if (chosen) start(chosen);
    };
    input.click();
  };

  const busy = state === 'running' || state === 'paused';
  const percent = file && file.size ? Math.floor((sent / file.size) * 100) : 0;
  return (
    <Space direction="vertical" size={4} style={{ minWidth: 260 }}>
      <Button type={target === 'version' ? 'primary' : 'default'} onClick={pick} disabled={busy}>
        {label}
      </Button>
      {waiting.length > 0 && !busy && (
        <Typography.Text type="secondary" data-testid={`unfinished-${target}`}>
          Unfinished: {waiting.map((w) => w.name).join(', ')}. Choose the same file to go on where it stopped.
        </Typography.Text>
      )}
      {file && state !== 'idle' && (
        <div data-testid={`upload-${target}`}>
          <Typography.Text>
            {file.name} · {formatBytes(sent)} of {formatBytes(file.size)}
            {resumed ? ' · resumed' : ''}
          </Typography.Text>
          <Progress
            percent={percent}
            status={state === 'failed' ? 'exception' : state === 'done' ? 'success' : 'active'}
            aria-label={`Upload of ${file.name}`}
          />
          {state === 'running' && (
            <Button
              size="small"
              onClick={() => {
                void uploadRef.current?.abort();
                setState('paused');
              }}
            >
              Pause
            </Button>
          )}
          {(state === 'paused' || state === 'failed') && (
            <Button
              size="small"
              onClick={() => {
                setError(null);
                setState('running');
                uploadRef.current?.start();
              }}
            >
              Resume
            </Button>
          )}
        </div>
      )}
      {error && <Alert type="error" showIcon message={error} />}
    </Space>
  );
}
