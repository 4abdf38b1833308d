import {
  getJson,
  postJson,
  type ProjectDetailDto,
  type ProjectStatus,
  type ProjectSummaryDto,
} from '@studio/shared';

export interface ProjectListResponse {
  success: true;
  projects: ProjectSummaryDto[];
  total: number;
}

interface DetailResponse {
  success: true;
  project: ProjectDetailDto;
}

export function listProjects(q: { status?: ProjectStatus; search?: string; page: number; limit: number }) {
  const params = new URLSearchParams({ page: String(q.page), limit: String(q.limit) });
  if (q.status) params.set('status', q.status);
  if (q.search) params.set('search', q.search);
  return getJson<ProjectListResponse>(`/api/admin/projects?${params}`);
}

export const getProject = (id: string) =>
  getJson<DetailResponse>(`/api/admin/projects/${encodeURIComponent(id)}`);

const action = (id: string, path: string, body?: unknown) =>
  postJson<DetailResponse>(`/api/admin/projects/${encodeURIComponent(id)}/${path}`, body);

export const changeStatus = (id: string, status: ProjectStatus) => action(id, 'status', { status });
export const acceptFiles = (id: string) => action(id, 'accept-files');
export const requestFiles = (id: string, note: string) => action(id, 'request-files', { note });
export const addNote = (id: string, note: string) => action(id, 'notes', { note });

/** Plain links (the staff session cookie goes along): the browser saves the file under its own name. */
export const clientFileUrl = (id: string, fileId: string) =>
  `/api/admin/projects/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/download`;
export const clientFilesZipUrl = (id: string) => `/api/admin/projects/${encodeURIComponent(id)}/files.zip`;
