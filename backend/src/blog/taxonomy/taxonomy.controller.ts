import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { Auth } from '../../common/decorators/roles.decorator';
import { IdParamPipe } from '../../common/pipes/id-param.pipe';
import { CategoryInputDto, TagInputDto } from './dto/taxonomy.dto';
import { TaxonomyService } from './taxonomy.service';

/** Staff management of categories and tags; the public lists are served with the posts. */
@Controller('api/admin/blog')
@Auth('admin', 'editor')
export class TaxonomyAdminController {
  constructor(private readonly taxonomy: TaxonomyService) {}

  @Get('categories')
  async categories() {
    return { success: true, categories: await this.taxonomy.listCategories(false) };
  }

  @Post('categories')
  async createCategory(@Body() dto: CategoryInputDto) {
    return { success: true, message: 'Category created', category: await this.taxonomy.createCategory(dto) };
  }

  @Put('categories/:id')
  async updateCategory(@Param('id', IdParamPipe) id: number, @Body() dto: CategoryInputDto) {
    return {
      success: true,
      message: 'Category updated',
      category: await this.taxonomy.updateCategory(id, dto),
    };
  }

  @Delete('categories/:id')
  @HttpCode(200)
  async removeCategory(@Param('id', IdParamPipe) id: number) {
    await this.taxonomy.remove('category', id);
    return { success: true, message: 'Category deleted' };
  }

  @Get('tags')
  async tags() {
    return { success: true, tags: await this.taxonomy.listTags(false) };
  }

  @Post('tags')
  async createTag(@Body() dto: TagInputDto) {
    return { success: true, message: 'Tag created', tag: await this.taxonomy.createTag(dto) };
  }

  @Put('tags/:id')
  async updateTag(@Param('id', IdParamPipe) id: number, @Body() dto: TagInputDto) {
    return { success: true, message: 'Tag updated', tag: await this.taxonomy.updateTag(id, dto) };
  }

  @Delete('tags/:id')
  @HttpCode(200)
  async removeTag(@Param('id', IdParamPipe) id: number) {
    await this.taxonomy.remove('tag', id);
    return { success: true, message: 'Tag deleted' };
  }
}
