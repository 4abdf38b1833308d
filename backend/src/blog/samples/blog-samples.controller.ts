import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import type { SamplePostsResponse, SamplesRemovedResponse } from '@studio/shared';
import { Auth } from '../../common/decorators/roles.decorator';
import { BlogSamplesService } from './blog-samples.service';

/** The sample posts of a first start: how many are left, and removing them all (admins only). */
@Controller('api/admin/blog/samples')
@Auth('admin')
export class BlogSamplesController {
  constructor(private readonly samples: BlogSamplesService) {}

  @Get()
  async count(): Promise<SamplePostsResponse> {
    return { success: true, samplePosts: await this.samples.count() };
  }

  @Delete()
  @HttpCode(200)
  async remove(): Promise<SamplesRemovedResponse> {
    const removed = await this.samples.remove();
    return { success: true, message: 'Sample posts removed', ...removed };
  }
}
