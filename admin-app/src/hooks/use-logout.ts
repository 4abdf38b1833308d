import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { CURRENT_USER_QUERY_KEY, postJson, STAFF_SIGN_IN_PATH } from '@studio/shared';

/**
 * Logs out on the server (which ends the session and clears its httpOnly cookies), forgets the
 * user in this browser whatever the server says, then goes to the staff sign-in.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  return useCallback(async () => {
    let failed = false;
    try {
      await postJson('/api/logout');
    } catch {
      failed = true;
    }
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') });
    if (failed) message.warning('Logout failed');
    else message.success('Logged out');
    navigate(STAFF_SIGN_IN_PATH, { replace: true });
  }, [message, navigate, queryClient]);
}
