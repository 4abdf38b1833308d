import type { ProbeResult, ProjectDetailDto, ProjectFileDto } from '@studio/shared';
import { formatBytes } from './portal-api';

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

/**
 * The client's uploaded files, one card each: a long name wraps inside the card and the details
 * sit under it, so a phone never has to scroll sideways (a table squeezed them one word a line).
 */
export function ProjectFiles({ project }: { project: ProjectDetailDto }) {
  return (
    <>
      {project.warnings.length > 0 && (
        <ul className="portal-warnings">
          {project.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {project.files.length === 0 ? (
        <p className="portal-muted">No files yet.</p>
      ) : (
        <ul className="portal-files" data-testid="portal-files">
          {project.files.map((f) => (
            <li key={f.id} className="portal-file">
              <span className="portal-file__name">{f.name}</span>
              <span className="portal-file__meta">
                {formatBytes(f.size)} · <span className="portal-file__status">{FILE_STATUS[f.status]}</span>
              </span>
              {f.probe && <span className="portal-file__meta">{describeProbe(f.probe)}</span>}
              {f.warnings.length > 0 && (
                <ul className="portal-warnings">
                  {f.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
