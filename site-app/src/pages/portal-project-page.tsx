/** /portal/projects/:id: one project: status, what happens next, timeline, files and uploads. */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  PROJECT_STATUS_LABELS,
  type ProbeResult,
  type ProjectDetailDto,
  type ProjectFileDto,
  portalProjectPath,
  SITE_ROUTES,
} from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { fetchPortalProject, formatBytes, portalKeys } from '../components/portal/portal-api';
import { PortalSignInForm } from '../components/portal/portal-sign-in-form';
import { LazyUploader } from '../components/portal/lazy-uploader';
import { ReviewSection } from '../components/portal/review-section';
import '../components/portal/portal.css';

function describeProbe(p: ProbeResult | null): string {
  if (!p) return '';
  const parts = [
    p.sampleRate && `${(p.sampleRate / 1000).toFixed(1)} kHz`,
    p.bitDepth && `${p.bitDepth}-bit`,
    p.channels && (p.channels === 1 ? 'mono' : p.channels === 2 ? 'stereo' : `${p.channels} ch`),
    p.durationSec !== undefined && `${p.durationSec.toFixed(1)} s`,
    p.peakDb !== undefined && `peak ${p.peakDb.toFixed(1)} dBFS`,
  ];
  return parts.filter(Boolean).join(' · ');
}

const FILE_STATUS: Record<ProjectFileDto['status'], string> = {
  uploading: 'Uploading',
  stored: 'Checking…',
  probed: 'Checked',
  failed: 'Could not be read',
};

function Files({ project }: { project: ProjectDetailDto }) {
  if (!project.files.length) return <p className="portal-muted">No files yet.</p>;
  return (
    <table className="portal-table" data-testid="portal-files">
      <thead>
        <tr>
          <th>File</th>
          <th>Size</th>
          <th>Check</th>
        </tr>
      </thead>
      <tbody>
        {project.files.map((f) => (
          <tr key={f.id}>
            <td>{f.name}</td>
            <td>{formatBytes(f.size)}</td>
            <td>
              {FILE_STATUS[f.status]}
              {f.probe && <div className="portal-muted">{describeProbe(f.probe)}</div>}
              {f.warnings.length > 0 && (
                <ul className="portal-warnings">
                  {f.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PortalProjectPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: portalKeys.project(id),
    queryFn: () => fetchPortalProject(id),
    // While files are being checked, look again every few seconds.
    refetchInterval: (q) => (q.state.data?.project.files.some((f) => f.status === 'stored') ? 3000 : false),
  });
  const project = query.data?.project;
  usePageTitle(project ? `${project.serviceName} project` : SITE_ROUTES.portalProject.title);
  const status = query.error instanceof ApiError ? query.error.status : null;

  return (
    <section className="page container portal">
      <p>
        <Link to="/portal">← All your projects</Link>
      </p>
      {query.isPending && <p className="portal-muted">Loading the project…</p>}
      {status === 401 && <PortalSignInForm next={portalProjectPath(id)} />}
      {status === 404 && <p role="alert">Project not found.</p>}
      {query.isError && status !== 401 && status !== 404 && (
        <p className="portal-error" role="alert">
          The project could not be loaded. Please try again in a moment.
        </p>
      )}
      {project && (
        <>
          <h1 className="page__title">{project.serviceName}</h1>
          <div className="card portal-card">
            <p>
              <span className="portal-status" data-testid="portal-status">
                {PROJECT_STATUS_LABELS[project.status]}
              </span>
            </p>
            <p>{project.nextStep}</p>
            <p className="portal-muted">
              {project.revisionRounds} revision round{project.revisionRounds === 1 ? '' : 's'} included
            </p>
          </div>
          <ReviewSection project={project} onChanged={() => void query.refetch()} />
          {['awaiting_files', 'files_received', 'in_progress', 'on_hold'].includes(project.status) && (
            <div className="card portal-card">
              <h2 className="portal-card__title">Upload files</h2>
              <LazyUploader
                projectId={project.id}
                maxFileBytes={project.limits.maxFileBytes}
                remainingBytes={project.limits.maxProjectBytes - project.limits.usedBytes}
                onUploaded={() => void query.refetch()}
              />
            </div>
          )}
          <div className="card portal-card">
            <h2 className="portal-card__title">Your files</h2>
            {project.warnings.length > 0 && (
              <ul className="portal-warnings">
                {project.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            )}
            <Files project={project} />
          </div>
          <div className="card portal-card">
            <h2 className="portal-card__title">Timeline</h2>
            <ol className="portal-timeline">
              {project.events.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString('en-GB')}</time>
                  {e.message}
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
    </section>
  );
}
