import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, type PublicUser } from '@studio/shared';

/** The logged-in user from the cache the shell shares with the site remote (['/api/user']). */
export function useCurrentUser() {
  const { data, isLoading, error, refetch } = useQuery(currentUserQuery);
  const user: PublicUser | null = data ?? null;
  return { user, isLoading, error, refetch };
}
