import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../../common/decorators/roles.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import type { UserEntity } from '../../users/entities/user.entity';
import { readPostForm } from '../form-input';
import { IdParamPipe } from '../../common/pipes/id-param.pipe';
import { AdminPostQueryDto } from './dto/post-query.dto';
import { CreatePostDto, UpdatePostDto } from './dto/save-post.dto';
import { PostsService } from './posts.service';

const POST_FORM =
  'JSON, or multipart/form-data with these fields as JSON in `data` and an optional `featuredImage` file.';

/**
 * Staff post management. Create and update take JSON, or multipart with the fields as JSON in
 * `data` and an optional `featuredImage` file (spec §7).
 */
@Controller('api/admin/blog')
@Auth('admin', 'editor')
export class AdminPostsController {
  constructor(private readonly posts: PostsService) {}

  @Get('stats')
  stats() {
    return this.posts.stats();
  }

  @Get('posts')
  list(@Query() query: AdminPostQueryDto) {
    return this.posts.list(query);
  }

  @Get('posts/:id')
  async get(@Param('id', IdParamPipe) id: number) {
    return { success: true, post: await this.posts.get(id) };
  }

  @Post('posts')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: CreatePostDto, description: POST_FORM })
  async create(@Req() req: FastifyRequest, @CurrentUser() user: UserEntity) {
    const { data, image } = await readPostForm(req, CreatePostDto);
    return { success: true, message: 'Post created', post: await this.posts.create(data, user.id, image) };
  }

  @Put('posts/:id')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: UpdatePostDto, description: POST_FORM })
  async update(
    @Param('id', IdParamPipe) id: number,
    @Req() req: FastifyRequest,
    @CurrentUser() user: UserEntity,
  ) {
    const { data, image } = await readPostForm(req, UpdatePostDto);
    return {
      success: true,
      message: 'Post updated',
      post: await this.posts.update(id, data, user.id, image),
    };
  }

  @Delete('posts/:id')
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number) {
    await this.posts.remove(id);
    return { success: true, message: 'Post deleted' };
  }
}
