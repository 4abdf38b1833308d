/**
 * How a project, its timeline and its files are shown to the client and to staff: pure
 * mappings from the stored rows to the API's DTOs.
 */
import { PROBE_WARNINGS, ProjectEventDto, ProjectFileDto, ProjectSummaryDto } from '@studio/shared';
import { ProjectEventEntity } from './entities/project-event.entity';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectWithCount } from './projects.repository';

/** Mixed sample rates and stems of different lengths across a project's audio files. */
export function crossFileWarnings(files: Pick<ProjectFileEntity, 'probe' | 'name'>[]): string[] {
  const audio = files.filter((f) => f.probe?.sampleRate);
  const warnings: string[] = [];
  const rates = [...new Set(audio.map((f) => f.probe!.sampleRate!))].sort((a, b) => a - b);
  if (rates.length > 1)
    warnings.push(`${PROBE_WARNINGS.sampleRates}: ${rates.map((r) => `${r} Hz`).join(', ')}.`);
  const lengths = audio.map((f) => f.probe?.durationSec).filter((d): d is number => typeof d === 'number');
  // Stems of one song are exported from one session; more than half a second apart is a mistake.
  if (lengths.length > 1 && Math.max(...lengths) - Math.min(...lengths) > 0.5) {
    const fmt = (s: number) => `${s.toFixed(1)} s`;
    warnings.push(`${PROBE_WARNINGS.lengths}: ${fmt(Math.min(...lengths))} to ${fmt(Math.max(...lengths))}.`);
  }
  return warnings;
}

export function toSummary(p: ProjectWithCount): ProjectSummaryDto {
  return {
    id: p.id,
    serviceName: p.serviceName,
    status: p.status,
    customerEmail: p.customerEmail,
    customerName: p.customerName,
    quotedPence: p.quotedPence,
    depositPence: p.depositPence,
    revisionRounds: p.revisionRounds,
    fileCount: p.fileCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toEvent(e: ProjectEventEntity): ProjectEventDto {
  return {
    id: Number(e.id),
    type: e.type,
    actor: e.actor,
    actorName: e.actorName,
    message: e.message,
    internal: e.internal,
    createdAt: e.createdAt.toISOString(),
  };
}

export function toFile(f: ProjectFileEntity): ProjectFileDto {
  return {
    id: f.id,
    name: f.name,
    size: Number(f.size),
    kind: f.kind,
    status: f.status,
    sha256: f.sha256,
    probe: f.probe,
    warnings: f.warnings,
    createdAt: f.createdAt.toISOString(),
  };
}
