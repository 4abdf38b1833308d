import {
  getJson,
  postJson,
  type ChangePasswordRequest,
  type RecoveryCodesResponse,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@studio/shared';

export const TWO_FACTOR_QUERY_KEY = ['/api/account/2fa'] as const;

export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return getJson<{ success: true } & TwoFactorStatus>('/api/account/2fa');
}

export function startTwoFactor(): Promise<TwoFactorEnrolment> {
  return postJson<TwoFactorEnrolment>('/api/account/2fa/setup');
}

export function confirmTwoFactor(code: string): Promise<RecoveryCodesResponse> {
  return postJson<RecoveryCodesResponse>('/api/account/2fa/confirm', { code });
}

export function newRecoveryCodes(code: string): Promise<RecoveryCodesResponse> {
  return postJson<RecoveryCodesResponse>('/api/account/2fa/recovery-codes', { code });
}

export function disableTwoFactor(code: string): Promise<{ success: true; message: string }> {
  return postJson('/api/account/2fa/disable', { code });
}

export function changePassword(body: ChangePasswordRequest): Promise<{ success: true; message: string }> {
  return postJson('/api/password/change', body);
}
