import {
  postJson,
  type AuthResponse,
  type LoginRequest,
  type TwoFactorChallengeResponse,
  type TwoFactorLoginRequest,
} from '@studio/shared';

/** The password step: signed in, or a second-step challenge when two-factor sign-in is on. */
export function signIn(credentials: LoginRequest): Promise<AuthResponse | TwoFactorChallengeResponse> {
  return postJson<AuthResponse | TwoFactorChallengeResponse>('/api/login', credentials);
}

export function signInSecondStep(step: TwoFactorLoginRequest): Promise<AuthResponse> {
  return postJson<AuthResponse>('/api/login/2fa', step);
}
