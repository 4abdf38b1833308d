import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { PublicPostsService } from './public-posts.service';
import { parsePublicPostQuery } from './public-query';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The public blog reads. Bodies are ready-made JSON text from the cache, sent as they are. */
@Controller('api/blog')
export class PublicPostsController {
  constructor(private readonly posts: PublicPostsService) {}

  @Get('posts')
  @Header('content-type', JSON_TYPE)
  // Checked by hand in public-query.ts (no DTO on this hot route), so described here.
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'Page size, 1-100' })
  @ApiQuery({ name: 'offset', required: false, type: Number, description: 'Posts to skip, 0 or more' })
  @ApiQuery({
    name: 'search',
    required: false,
    type: String,
    description: 'Words in the title or text, at most 200 characters',
  })
  @ApiQuery({ name: 'categoryId', required: false, type: Number })
  @ApiQuery({ name: 'tagId', required: false, type: Number })
  list(@Query() query: Record<string, unknown>): Promise<string> {
    return this.posts.listJson(parsePublicPostQuery(query));
  }

  @Get('posts/:slug')
  @Header('content-type', JSON_TYPE)
  bySlug(@Param('slug') slug: string): Promise<string> {
    return this.posts.postJson(slug);
  }

  @Get('categories')
  async categories() {
    return { success: true, categories: await this.posts.categories() };
  }

  @Get('tags')
  async tags() {
    return { success: true, tags: await this.posts.tags() };
  }
}
