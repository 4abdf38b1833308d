/** The client portal's calls (backend/src/projects/portal.controller.ts). */
import { getJson, postJson, type ProjectDetailDto, type ProjectSummaryDto } from '@studio/shared';

export const portalKeys = {
  me: ['/api/portal/me'] as const,
  projects: ['/api/portal/projects'] as const,
  project: (id: string) => ['/api/portal/projects', id] as const,
};

export const fetchPortalMe = () => getJson<{ success: boolean; email: string }>('/api/portal/me');
export const fetchPortalProjects = () =>
  getJson<{ success: boolean; projects: ProjectSummaryDto[] }>('/api/portal/projects');
export const fetchPortalProject = (id: string) =>
  getJson<{ success: boolean; project: ProjectDetailDto }>(`/api/portal/projects/${encodeURIComponent(id)}`);
export const requestPortalLink = (body: { email: string; next?: string }) =>
  postJson<{ success: boolean; message: string }>('/api/portal/link', body);
export const openPortalSession = (token: string) =>
  postJson<{ success: boolean; email: string }>('/api/portal/session', { token });
export const signOutOfPortal = () => postJson<{ success: boolean }>('/api/portal/logout');

/** Bytes as people read them (1 decimal, binary units as the limits are set). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
