import { del, postJson, putJson, type AdminService, type ServiceInput } from '@studio/shared';
import { pagedRequest } from '../../utils/paged-request';

export const SERVICES_PATH = '/api/admin/services';

export const listServices = (
  params: Record<string, unknown>,
  sort?: Record<string, 'ascend' | 'descend' | null>,
) => pagedRequest<AdminService>(SERVICES_PATH, params, sort);

export const createService = (input: ServiceInput) =>
  postJson<{ success: true; service: AdminService }>(SERVICES_PATH, input);

export const updateService = (id: number, input: ServiceInput) =>
  putJson<{ success: true; service: AdminService }>(`${SERVICES_PATH}/${id}`, input);

export const deleteService = (id: number) => del<{ success: true }>(`${SERVICES_PATH}/${id}`);
