import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Auth } from '../common/decorators/roles.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { UserEntity } from '../users/entities/user.entity';
import { ChangeStatusDto, ListProjectsQuery, ProjectNoteDto } from './dto/admin-projects.dto';
import { ProjectsService, Staff } from './projects.service';

const staffOf = (user: UserEntity | null): Staff => ({
  name: user?.displayName || user?.username || 'Staff',
});

/** Staff pages' API for client projects: admins only. */
@Controller('api/admin/projects')
@Auth('admin')
export class AdminProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  async list(@Query() q: ListProjectsQuery) {
    const limit = q.limit ?? 20;
    const page = q.page ?? 1;
    const { projects, total } = await this.projects.listForStaff({
      status: q.status,
      search: q.search || undefined,
      limit,
      offset: (page - 1) * limit,
    });
    return { success: true, projects, total, page: { current: page, totalPages: Math.ceil(total / limit) } };
  }

  @Get(':id')
  async detail(@Param('id') id: string) {
    return { success: true, project: await this.projects.detailForStaff(id) };
  }

  @Post(':id/status')
  @HttpCode(200)
  async status(
    @Param('id') id: string,
    @Body() dto: ChangeStatusDto,
    @CurrentUser() user: UserEntity | null,
  ) {
    return {
      success: true,
      project: await this.projects.changeStatus(id, dto.status, staffOf(user), dto.note),
    };
  }

  @Post(':id/accept-files')
  @HttpCode(200)
  async accept(@Param('id') id: string, @CurrentUser() user: UserEntity | null) {
    return { success: true, project: await this.projects.acceptFiles(id, staffOf(user)) };
  }

  @Post(':id/request-files')
  @HttpCode(200)
  async request(
    @Param('id') id: string,
    @Body() dto: ProjectNoteDto,
    @CurrentUser() user: UserEntity | null,
  ) {
    return { success: true, project: await this.projects.requestFiles(id, staffOf(user), dto.note) };
  }

  @Post(':id/notes')
  @HttpCode(200)
  async note(@Param('id') id: string, @Body() dto: ProjectNoteDto, @CurrentUser() user: UserEntity | null) {
    return { success: true, project: await this.projects.addNote(id, staffOf(user), dto.note) };
  }
}
