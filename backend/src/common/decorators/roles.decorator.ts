import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Role } from '@studio/shared';
import { JwtAuthGuard } from '../guards/jwt-auth.guard';
import { ROLES_KEY, RolesGuard } from '../guards/roles.guard';

/** Restricts a handler to the given roles (use with RolesGuard, or via `@Auth`). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Logged in (401 otherwise) and, when roles are given, one of them (403 otherwise). */
export const Auth = (...roles: Role[]) =>
  applyDecorators(Roles(...roles), UseGuards(JwtAuthGuard, RolesGuard), ApiBearerAuth());
