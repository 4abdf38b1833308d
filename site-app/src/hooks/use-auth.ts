import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CURRENT_USER_QUERY_KEY,
  currentUserQuery,
  displayNameOf,
  postJson,
  type AuthResponse,
  type LoginRequest,
  type PublicUser,
  type RegisterRequest,
  type TwoFactorChallengeResponse,
  type TwoFactorLoginRequest,
} from '@studio/shared';
import { useToast } from '../toast/toast-context';
import { useApiErrorToast } from '../toast/use-api-error-toast';

/**
 * The current user and the three auth actions (spec §4, §8). The user lives in the query cache
 * under ['/api/user'], which the shell shares with the admin remote, so logging in here opens
 * the admin area without another request.
 */
export function useAuth() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const toastError = useApiErrorToast();
  const userQuery = useQuery(currentUserQuery);

  // The session itself is in the httpOnly cookies the answer set (no script can read them); the
  // body's authToken is for API clients and is not kept.
  const signedIn = (res: AuthResponse) => {
    queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, res.user);
  };

  const welcome = (res: AuthResponse) => {
    signedIn(res);
    toast({ title: 'Login successful', description: `Welcome back, ${displayNameOf(res.user)}!` });
  };

  /** With two-factor sign-in on, the answer is a challenge for `loginSecondStep` instead. */
  const login = useMutation({
    mutationFn: (credentials: LoginRequest) =>
      postJson<AuthResponse | TwoFactorChallengeResponse>('/api/login', credentials),
    onSuccess: (res) => {
      if ('twoFactorRequired' in res) return;
      welcome(res);
    },
    onError: (error) => toastError('Login failed', error, 'Login failed'),
  });

  const loginSecondStep = useMutation({
    mutationFn: (step: TwoFactorLoginRequest) => postJson<AuthResponse>('/api/login/2fa', step),
    onSuccess: welcome,
    onError: (error) => toastError('Login failed', error, 'Login failed'),
  });

  const register = useMutation({
    mutationFn: (details: RegisterRequest) => postJson<AuthResponse>('/api/register', details),
    onSuccess: (res) => {
      signedIn(res);
      toast({ title: 'Registration successful', description: `Welcome, ${displayNameOf(res.user)}!` });
    },
    onError: (error) => toastError('Registration failed', error, 'Registration failed'),
  });

  const logout = useMutation({
    mutationFn: () => postJson<unknown>('/api/logout'),
    // Whatever the server says, this browser forgets the user (the server clears the cookies).
    onSettled: () => {
      queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') });
    },
    onSuccess: () => toast({ title: 'Logged out' }),
    onError: (error) => toastError('Logout failed', error, 'Logout failed'),
  });

  return {
    user: userQuery.data ?? null,
    isLoading: userQuery.isLoading,
    login,
    loginSecondStep,
    register,
    logout,
  };
}
