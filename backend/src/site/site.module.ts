import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { SiteController } from './site.controller';
import { PageRendererService } from './page-renderer.service';
import { SiteFeedsService } from './site-feeds.service';
import { SitePagesService } from './site-pages.service';
import { SiteService } from './site.service';

@Module({
  imports: [BlogModule],
  controllers: [SiteController],
  providers: [SiteService, SitePagesService, SiteFeedsService, PageRendererService],
  exports: [SiteService],
})
export class SiteModule {}
