import {
  getJson,
  postJson,
  putJson,
  apiRequest,
  type InviteStaffRequest,
  type Role,
  type StaffListResponse,
  type StaffUser,
} from '@studio/shared';

interface UserResponse {
  success: true;
  message: string;
  user: StaffUser;
}

/** Admins only: editors get a 403. */
export function listStaff(): Promise<StaffListResponse> {
  return getJson<StaffListResponse>('/api/admin/users');
}

export function inviteStaff(body: InviteStaffRequest): Promise<UserResponse> {
  return postJson<UserResponse>('/api/admin/users/invite', body);
}

export function resendInvitation(id: number): Promise<{ success: true; message: string }> {
  return postJson(`/api/admin/users/${id}/resend-invitation`);
}

export function changeRole(id: number, role: Role): Promise<UserResponse> {
  return apiRequest<UserResponse>('PATCH', `/api/admin/users/${id}/role`, { role });
}

export function setActive(id: number, active: boolean): Promise<UserResponse> {
  return postJson<UserResponse>(`/api/admin/users/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function resetTwoFactor(id: number): Promise<UserResponse> {
  return postJson<UserResponse>(`/api/admin/users/${id}/reset-2fa`);
}

export function setRequireTwoFactor(requireTwoFactor: boolean): Promise<{ success: true }> {
  return putJson('/api/admin/users/security', { requireTwoFactor });
}
