/**
 * The upload area of a project: Uppy's dashboard sending each file with tus to /api/uploads
 * (resumable; pause, resume, many files at once). Golden Retriever keeps the selection in the
 * browser, so a reloaded or crashed tab picks up where it stopped. The server decides what is
 * accepted; the restrictions here only save a client a pointless upload. Uppy's dark theme,
 * retinted to the site's colours in portal.css, with a "Choose files" button first.
 */
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import GoldenRetriever from '@uppy/golden-retriever';
import Tus from '@uppy/tus';
import { useEffect, useRef } from 'react';
import { UPLOAD_ACCEPT } from '@studio/shared';
import '@uppy/core/dist/style.min.css';
import '@uppy/dashboard/dist/style.min.css';
import { formatBytes } from './portal-api';

type PortalMeta = { projectId: string; name?: string };

export interface UploaderProps {
  projectId: string;
  maxFileBytes: number;
  remainingBytes: number;
  /** Called when a batch finishes, to reload the project's file list. */
  onUploaded: () => void;
}

/** tus-js-client puts the server's answer inside its message; show the server's own sentence. */
export function serverMessage(error: { message?: string } | undefined): string | undefined {
  const text = /response text: (\{.*?\})(, request id|$)/.exec(error?.message ?? '')?.[1];
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export default function Uploader({ projectId, maxFileBytes, remainingBytes, onUploaded }: UploaderProps) {
  const target = useRef<HTMLDivElement>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const uppyRef = useRef<Uppy<PortalMeta> | null>(null);
  const note = `Stems, references and notes: WAV, AIFF, FLAC, MP3, M4A, Ogg, ZIP, PDF or text. Up to ${formatBytes(maxFileBytes)} a file; ${formatBytes(Math.max(0, remainingBytes))} left in this project.`;
  const noteRef = useRef(note);
  noteRef.current = note;

  useEffect(() => {
    if (!target.current) return;
    const uppy = new Uppy<PortalMeta>({
      id: `portal-${projectId}`,
      meta: { projectId },
      restrictions: { maxFileSize: maxFileBytes, allowedFileTypes: UPLOAD_ACCEPT },
    })
      .use(Dashboard, {
        inline: true,
        target: target.current,
        // Dark like the site; short enough that a phone still shows what comes after it.
        theme: 'dark',
        height: 320,
        width: '100%',
        showProgressDetails: true,
        proudlyDisplayPoweredByUppy: false,
        note: noteRef.current,
        // A phone has nothing to drop: the button to pick files comes first (styled in portal.css).
        locale: {
          strings: {
            dropPasteFiles: '%{browseFiles} or drop them here',
            browseFiles: 'Choose files',
          },
        },
      })
      .use(Tus, {
        endpoint: '/api/uploads',
        retryDelays: [0, 1000, 3000, 5000, 10000],
        removeFingerprintOnSuccess: true,
        allowedMetaFields: ['projectId', 'name'],
      })
      .use(GoldenRetriever, { serviceWorker: false });

    uppy.on('upload-error', (file, error) => {
      const message = serverMessage(error);
      if (file && message) uppy.setFileState(file.id, { error: message });
      if (message) uppy.info(message, 'error', 8000);
    });
    uppy.on('complete', () => onUploadedRef.current());
    uppyRef.current = uppy;
    return () => {
      uppyRef.current = null;
      uppy.destroy();
    };
  }, [projectId, maxFileBytes]);

  // The room left changes after each upload; update the hint without restarting Uppy.
  useEffect(() => {
    uppyRef.current?.getPlugin('Dashboard')?.setOptions({ note });
  }, [note]);

  return <div ref={target} className="portal-uploader" data-testid="portal-uploader" />;
}
