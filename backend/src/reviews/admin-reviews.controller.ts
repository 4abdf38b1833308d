import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REVIEW } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
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
  NoteReplyDto,
  ResolveCommentDto,
  VersionUploadQuery,
} from './dto/reviews.dto';
import { commentId, rawBody } from './http-helpers';
import { STAFF_PASS_SECONDS, StaffPreviewPass } from './staff-preview-pass';

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
    private readonly staffPass: StaffPreviewPass,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/review')
  async review(@Param('id') id: string) {
    const project = await this.projects.requireAny(id);
    return { success: true, review: await this.reviews.review(project, true) };
  }

  /** The waveform peaks the preview job stored, for the staff's review player. */
  @Get(':id/versions/:vid/peaks')
  async peaks(@Param('id') id: string, @Param('vid') vid: string) {
    const project = await this.projects.requireAny(id);
    return { success: true, ...(await this.versions.peaks(project.id, vid)) };
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

  /** A preview URL bound to this admin's session, and the pass (cookie) that plays it in this browser. */
  @Get(':id/versions/:vid/preview-url')
  async previewUrl(
    @Param('id') id: string,
    @Param('vid') vid: string,
    @CurrentUser() user: UserEntity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const project = await this.projects.requireAny(id);
    const signed = await this.versions.previewUrl(project.id, vid, { staffSession: user.sessionId! });
    reply.setCookie(
      REVIEW.staffPreviewCookie,
      await this.staffPass.issue({ sub: user.id, sid: user.sessionId! }),
      {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.config.publicUrl.startsWith('https:'),
        path: REVIEW.staffPreviewPath,
        maxAge: STAFF_PASS_SECONDS,
      },
    );
    return { success: true, ...signed };
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

  /** Answers a note; the client sees it under the note and is mailed once per batch of replies. */
  @Post(':id/comments/:cid/replies')
  async reply(
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Body() dto: NoteReplyDto,
    @CurrentUser() user: UserEntity | null,
  ) {
    return {
      success: true,
      comment: await this.rounds.reply(id, commentId(cid), staffOf(user).name, dto.body),
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
