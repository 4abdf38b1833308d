import { useQuery } from '@tanstack/react-query';
import { errorMessage, pluralize } from '@studio/shared';
import { formatBytes } from './portal-api';
import { downloadKeys, fetchDownloads } from './review-api';

/**
 * The final files once the balance is paid: a large button per file and one for all of them as
 * a named ZIP. The links are short-lived signed URLs for this browser's session.
 */
export function FinalDownloads({ projectId }: { projectId: string }) {
  const q = useQuery({ queryKey: downloadKeys.list(projectId), queryFn: () => fetchDownloads(projectId) });
  if (q.isPending) return <p className="portal-muted">Loading your files…</p>;
  if (q.isError)
    return (
      <p className="portal-error" role="alert">
        {errorMessage(q.error, 'Your files could not be loaded. Please reload the page.')}
      </p>
    );
  if (!q.data.files.length)
    return (
      <p className="portal-muted">
        The studio is preparing your final files: they appear here, and we mail you.
      </p>
    );
  return (
    <div className="portal-downloads" data-testid="downloads">
      {q.data.zip && (
        <a
          className="btn btn--primary btn--lg btn--block portal-download"
          href={q.data.zip.url}
          download={q.data.zip.name}
          data-testid="download-zip"
        >
          <span>Download all ({pluralize(q.data.files.length, 'file')}, ZIP)</span>
          <span className="portal-download__name">{q.data.zip.name}</span>
        </a>
      )}
      {q.data.files.map((f) => (
        <a
          key={f.id}
          className="btn btn--outline btn--lg btn--block portal-download"
          href={f.url}
          download={f.name}
        >
          <span className="portal-download__name">{f.name}</span>
          <span className="portal-download__size">{formatBytes(f.size)}</span>
        </a>
      ))}
    </div>
  );
}
