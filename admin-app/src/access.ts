import { BACK_OFFICE_ROLES, STAFF_ROLES, type PublicUser } from '@studio/shared';

/** Who may open the admin area (spec §6): admins and editors. */
export function canAccessAdmin(user: Pick<PublicUser, 'role'> | null | undefined): boolean {
  return !!user && STAFF_ROLES.includes(user.role);
}

/** Money and personal data (issue 12's back office): admins only; editors keep the blog. */
export function canSeeBackOffice(user: Pick<PublicUser, 'role'> | null | undefined): boolean {
  return !!user && (BACK_OFFICE_ROLES as readonly string[]).includes(user.role);
}
