import { IsIn, IsOptional } from 'class-validator';
import { DASHBOARD_ACTION_KINDS, DashboardActionKind } from '@studio/shared';

export class DashboardActionsQuery {
  @IsOptional()
  @IsIn(DASHBOARD_ACTION_KINDS, { message: `kind must be one of: ${DASHBOARD_ACTION_KINDS.join(', ')}` })
  kind?: DashboardActionKind;
}
