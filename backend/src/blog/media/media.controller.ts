import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../../common/decorators/roles.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { badRequest } from '../../common/errors/app.exception';
import type { UserEntity } from '../../users/entities/user.entity';
import { isMultipart, readMultipart, validateInput } from '../form-input';
import { MediaDetailsDto } from './dto/media.dto';
import { IdParamPipe } from '../../common/pipes/id-param.pipe';
import { MediaService } from './media.service';

@Controller('api/admin/blog/media')
@Auth('admin', 'editor')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  /** multipart/form-data: `file` (the image), optional `altText` and `caption`. */
  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        altText: { type: 'string' },
        caption: { type: 'string' },
      },
    },
  })
  async upload(@Req() req: FastifyRequest, @CurrentUser() user: UserEntity) {
    if (!isMultipart(req))
      throw badRequest('Send the image as multipart/form-data in a field named "file".', 'FILE_REQUIRED');
    const { fields, file } = await readMultipart(req, 'file', ['altText', 'caption']);
    if (!file) throw badRequest('Choose an image to upload.', 'FILE_REQUIRED');
    const details = await validateInput(MediaDetailsDto, fields);
    return {
      success: true,
      message: 'Media uploaded',
      media: await this.media.upload(file.buffer, details, user.id),
    };
  }

  @Get()
  async list() {
    return { success: true, media: await this.media.list() };
  }

  @Put(':id')
  async update(@Param('id', IdParamPipe) id: number, @Body() dto: MediaDetailsDto) {
    return { success: true, message: 'Media updated', media: await this.media.update(id, dto) };
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number) {
    await this.media.remove(id);
    return { success: true, message: 'Media deleted' };
  }
}
