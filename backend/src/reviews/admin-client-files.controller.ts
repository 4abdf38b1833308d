/**
 * The client's files for staff over HTTP: one file with byte ranges, or all as one ZIP, each as
 * an attachment under its own name. What is offered and the recording are ClientFilesService's.
 */
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../common/decorators/roles.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { UserEntity } from '../users/entities/user.entity';
import { ClientFilesService } from './client-files.service';
import { attachment, continuesDownload, PRIVATE_MEDIA, sendRanged } from './http-helpers';

const staffOf = (user: UserEntity | null) => ({
  name: user?.displayName || user?.username || 'Staff',
});

@Controller('api/admin/projects')
@Auth('admin')
export class AdminClientFilesController {
  constructor(private readonly files: ClientFilesService) {}

  @Get(':id/files.zip')
  @ApiProduces('application/zip')
  async zip(@Param('id') id: string, @CurrentUser() user: UserEntity | null, @Res() reply: FastifyReply) {
    const { name, stream } = await this.files.zip(id, staffOf(user));
    return reply
      .code(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(name))
      .header('cache-control', PRIVATE_MEDIA)
      .send(stream);
  }

  @Get(':id/files/:fileId/download')
  @ApiProduces('application/octet-stream')
  async download(
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @CurrentUser() user: UserEntity | null,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.files.file(id, fileId, staffOf(user), continuesDownload(req));
    return sendRanged(req, reply, file.size, 'application/octet-stream', file.open, {
      'content-disposition': attachment(file.name),
    });
  }
}
