import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../common/decorators/roles.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { ProjectsService, Staff } from '../projects/projects.service';
import { ReviewFinalsService } from './review-finals.service';
import { ReviewRoundsService } from './review-rounds.service';
import { ReviewVersionsService } from './review-versions.service';
import { ReviewsService } from './reviews.service';
import { sanitizeFileName } from '../uploads/tus-uploads.service';
import type { UserEntity } from '../users/entities/user.entity';
import {
  FinalUploadQuery,
  NewCommentDto,
  ProtectionDto,
  ResolveCommentDto,
  VersionUploadQuery,
} from './dto/reviews.dto';
import { commentId, rawBody } from './http-helpers';

const staffOf = (user: UserEntity | null): Staff => ({
  name: user?.displayName || user?.username || 'Staff',
});

/** Staff side of reviews: versions, protection, replies, the round checklist and final files. */
@Controller('api/admin/projects')
@Auth('admin')
export class AdminReviewsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly reviews: ReviewsService,
    private readonly versions: ReviewVersionsService,
    private readonly rounds: ReviewRoundsService,
    private readonly finals: ReviewFinalsService,
  ) {}

  @Get(':id/review')
  async review(@Param('id') id: string) {
    const project = await this.projects.requireAny(id);
    return { success: true, review: await this.reviews.review(project, true) };
  }

  /** The version's audio as the request body (application/octet-stream or audio/*), streamed to storage. */
  @Post(':id/versions')
  @ApiConsumes('application/octet-stream')
  async postVersion(
    @Param('id') id: string,
    @Query() q: VersionUploadQuery,
    @Req() req: FastifyRequest,
    @CurrentUser() user: UserEntity | null,
  ) {
    const version = await this.versions.postVersion(id, staffOf(user), {
      kind: q.kind,
      name: sanitizeFileName(q.name),
      note: q.note || null,
      ...rawBody(req),
    });
    return { success: true, version };
  }

  @Get(':id/versions/:vid/preview-url')
  async previewUrl(@Param('id') id: string, @Param('vid') vid: string) {
    const project = await this.projects.requireAny(id);
    return { success: true, ...(await this.versions.previewUrl(project.id, vid, { staff: true })) };
  }

  @Post(':id/protection')
  @HttpCode(200)
  async protection(
    @Param('id') id: string,
    @Body() dto: ProtectionDto,
    @CurrentUser() user: UserEntity | null,
  ) {
    await this.versions.setProtection(id, dto.protection, dto.tagEverySec, staffOf(user));
    return { success: true };
  }

  @Post(':id/comments')
  async comment(@Param('id') id: string, @Body() dto: NewCommentDto, @CurrentUser() user: UserEntity | null) {
    return {
      success: true,
      comment: await this.rounds.addComment(id, { kind: 'staff', name: staffOf(user).name }, dto),
    };
  }

  /** Ticks a note off the round's checklist (or unticks it with `resolved: false`). */
  @Post(':id/comments/:cid/resolve')
  @HttpCode(200)
  async resolve(@Param('id') id: string, @Param('cid') cid: string, @Body() dto: ResolveCommentDto) {
    return {
      success: true,
      comment: await this.rounds.resolveComment(id, commentId(cid), dto.resolved ?? true),
    };
  }

  /** A final file (WAV, MP3, instrumental, …) as the request body; unlocked once the balance is paid. */
  @Post(':id/finals')
  @ApiConsumes('application/octet-stream')
  async postFinal(
    @Param('id') id: string,
    @Query() q: FinalUploadQuery,
    @Req() req: FastifyRequest,
    @CurrentUser() user: UserEntity | null,
  ) {
    const file = await this.finals.postFinal(id, staffOf(user), {
      name: sanitizeFileName(q.name),
      ...rawBody(req),
    });
    return { success: true, file };
  }
}
