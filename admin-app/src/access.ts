import { STAFF_ROLES, type PublicUser } from '@studio/shared';

/** Who may open the admin area (spec §6): admins and editors. */
export function canAccessAdmin(user: Pick<PublicUser, 'role'> | null | undefined): boolean {
  return !!user && STAFF_ROLES.includes(user.role);
}
