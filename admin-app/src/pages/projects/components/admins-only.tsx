import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useCurrentUser } from '../../../hooks/use-current-user';

/** Client projects hold customers' files and money: admins only (the API says the same). */
export function AdminsOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (user?.role !== 'admin')
    return <Result status="403" title="Admins only" subTitle="Only admins can open client projects." />;
  return <>{children}</>;
}
