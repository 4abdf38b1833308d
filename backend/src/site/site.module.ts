import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { SiteController } from './site.controller';
import { SitePagesService } from './site-pages.service';
import { SiteService } from './site.service';

@Module({
  imports: [BlogModule],
  controllers: [SiteController],
  providers: [SiteService, SitePagesService],
  exports: [SiteService],
})
export class SiteModule {}
