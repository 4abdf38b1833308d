import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { PublicPostsService } from './public-posts.service';
import { parsePublicPostQuery } from './public-query';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The public blog reads. Bodies are ready-made JSON text from the cache, sent as they are. */
@Controller('api/blog')
export class PublicPostsController {
  constructor(private readonly posts: PublicPostsService) {}

  @Get('posts')
  @Header('content-type', JSON_TYPE)
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
