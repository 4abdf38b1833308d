import { ExecutionContext, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasRole, RolesGuard } from './roles.guard';

function contextFor(
  user: { role: string } | undefined,
  roles: string[] | undefined,
): [RolesGuard, ExecutionContext] {
  const reflector = { getAllAndOverride: () => roles } as unknown as Reflector;
  const ctx = {
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
  return [new RolesGuard(reflector), ctx];
}

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    return (e as HttpException).getStatus();
  }
  return undefined;
}

describe('RolesGuard', () => {
  it('lets an allowed role through', () => {
    const [guard, ctx] = contextFor({ role: 'editor' }, ['admin', 'editor']);
    expect(guard.canActivate(ctx)).toBe(true);
  });
  it('refuses another role with 403', () => {
    const [guard, ctx] = contextFor({ role: 'author' }, ['admin', 'editor']);
    expect(statusOf(() => guard.canActivate(ctx))).toBe(403);
  });
  it('refuses an anonymous caller with 401', () => {
    const [guard, ctx] = contextFor(undefined, ['admin']);
    expect(statusOf(() => guard.canActivate(ctx))).toBe(401);
  });
  it('needs only a login when no roles are named', () => {
    expect(hasRole('author', [])).toBe(true);
    expect(hasRole(undefined, ['admin'])).toBe(false);
  });
});
