import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { BlogCache } from './blog-cache';
import { BlogResponseCache } from './blog-response-cache';
import { CommentsAdminController, CommentsController } from './comments/comments.controller';
import { CommentsRepository } from './comments/comments.repository';
import { CommentsService } from './comments/comments.service';
import { BlogPostEntity } from './entities/blog-post.entity';
import { CategoryEntity } from './entities/category.entity';
import { CommentEntity } from './entities/comment.entity';
import { MediaEntity } from './entities/media.entity';
import { TagEntity } from './entities/tag.entity';
import { ImageStore } from './media/image-store';
import { MediaController } from './media/media.controller';
import { MediaRepository } from './media/media.repository';
import { MediaService } from './media/media.service';
import { AdminPostsController } from './posts/admin-posts.controller';
import { PostReader } from './posts/post-reader';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';
import { PublicPostsController } from './posts/public-posts.controller';
import { PublicPostsService } from './posts/public-posts.service';
import { TaxonomyAdminController } from './taxonomy/taxonomy.controller';
import { TaxonomyRepository } from './taxonomy/taxonomy.repository';
import { TaxonomyService } from './taxonomy/taxonomy.service';
import { CommentsPersonalDataRepository } from './comments/comments-personal-data.repository';
import { BlogSamplesController } from './samples/blog-samples.controller';
import { BlogSamplesService } from './samples/blog-samples.service';
import { SamplesRepository } from './samples/samples.repository';

/**
 * The blog: posts, categories, tags, comments and media; public reads and staff management; the
 * sample posts of a first start.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([BlogPostEntity, CategoryEntity, TagEntity, CommentEntity, MediaEntity]),
    UsersModule,
  ],
  controllers: [
    PublicPostsController,
    CommentsController,
    AdminPostsController,
    TaxonomyAdminController,
    CommentsAdminController,
    MediaController,
    BlogSamplesController,
  ],
  providers: [
    PostsRepository,
    TaxonomyRepository,
    CommentsRepository,
    MediaRepository,
    CommentsPersonalDataRepository,
    BlogCache,
    BlogResponseCache,
    PostReader,
    PublicPostsService,
    PostsService,
    TaxonomyService,
    CommentsService,
    MediaService,
    ImageStore,
    SamplesRepository,
    BlogSamplesService,
  ],
  exports: [PublicPostsService, BlogCache, CommentsService, ImageStore, CommentsPersonalDataRepository],
})
export class BlogModule {}
