import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PortalEmail, PortalSessionGuard } from '../projects/portal-session.guard';
import { ProjectsService } from '../projects/projects.service';
import { ReviewBalanceService } from './review-balance.service';
import { ReviewFinalsService } from './review-finals.service';
import { ReviewRoundsService } from './review-rounds.service';
import { ReviewVersionsService } from './review-versions.service';
import { ReviewsService } from './reviews.service';
import {
  ApproveDto,
  EditCommentDto,
  NewCommentDto,
  ResolveCommentDto,
  SubmitRoundDto,
} from './dto/reviews.dto';
import { commentId, sessionOf } from './http-helpers';
import { ReviewNotesService } from './review-notes.service';

/**
 * The review side of the client's portal: versions, peaks, signed preview URLs, notes, rounds,
 * approval and (once paid) downloads. Every route is the signed-in client's own project or 404.
 */
@Controller('api/portal/projects')
@UseGuards(PortalSessionGuard)
export class PortalReviewsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly reviews: ReviewsService,
    private readonly versions: ReviewVersionsService,
    private readonly rounds: ReviewRoundsService,
    private readonly balance: ReviewBalanceService,
    private readonly finals: ReviewFinalsService,
    private readonly notes: ReviewNotesService,
  ) {}

  @Get(':id/review')
  async review(@PortalEmail() email: string, @Param('id') id: string) {
    const project = await this.projects.requireOwned(id, email);
    return { success: true, review: await this.reviews.review(project, false) };
  }

  @Get(':id/versions/:vid/peaks')
  async peaks(@PortalEmail() email: string, @Param('id') id: string, @Param('vid') vid: string) {
    const project = await this.projects.requireOwned(id, email);
    return { success: true, ...(await this.versions.peaks(project.id, vid)) };
  }

  /** A preview URL for this browser's session only, valid for a few minutes. */
  @Get(':id/versions/:vid/preview-url')
  async previewUrl(
    @PortalEmail() email: string,
    @Param('id') id: string,
    @Param('vid') vid: string,
    @Req() req: FastifyRequest,
  ) {
    const project = await this.projects.requireOwned(id, email);
    return {
      success: true,
      ...(await this.versions.previewUrl(project.id, vid, { session: sessionOf(req) })),
    };
  }

  @Post(':id/comments')
  async comment(@PortalEmail() email: string, @Param('id') id: string, @Body() dto: NewCommentDto) {
    return { success: true, comment: await this.rounds.addComment(id, { kind: 'client', email }, dto) };
  }

  /** The author changes their note while its round is a draft. */
  @Patch(':id/comments/:cid')
  async editComment(
    @PortalEmail() email: string,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Body() dto: EditCommentDto,
  ) {
    return { success: true, comment: await this.notes.edit(id, email, commentId(cid), dto.body) };
  }

  /** The author withdraws their note while its round is a draft. */
  @Delete(':id/comments/:cid')
  async deleteComment(@PortalEmail() email: string, @Param('id') id: string, @Param('cid') cid: string) {
    await this.notes.remove(id, email, commentId(cid));
    return { success: true };
  }

  @Post(':id/comments/:cid/resolve')
  @HttpCode(200)
  async resolve(
    @PortalEmail() email: string,
    @Param('id') id: string,
    @Param('cid') cid: string,
    @Body() dto: ResolveCommentDto,
  ) {
    return {
      success: true,
      comment: await this.rounds.resolveComment(id, commentId(cid), dto.resolved ?? true, email),
    };
  }

  @Post(':id/rounds/submit')
  @HttpCode(200)
  async submit(@PortalEmail() email: string, @Param('id') id: string, @Body() dto: SubmitRoundDto) {
    return { success: true, ...(await this.rounds.submitRound(id, email, dto.acceptFee ?? false)) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  async approve(@PortalEmail() email: string, @Param('id') id: string, @Body() dto: ApproveDto) {
    return { success: true, ...(await this.balance.approve(id, email, dto.versionId)) };
  }

  /** The final files' signed URLs; 402 until the balance is paid. */
  @Get(':id/downloads')
  async downloads(@PortalEmail() email: string, @Param('id') id: string, @Req() req: FastifyRequest) {
    return { success: true, ...(await this.finals.downloads(id, email, sessionOf(req))) };
  }
}
