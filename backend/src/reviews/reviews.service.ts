/**
 * A project's review as one read, for the client's portal and the staff page: the versions
 * (ready ones only for the client), notes, rounds with the next one's fee, the preview
 * protection, the money and the final files.
 *
 * The review's parts each have their service and header: versions and previews
 * (review-versions.service.ts), notes and rounds (review-rounds.service.ts), approval and the
 * balance (review-balance.service.ts), final files and downloads (review-finals.service.ts).
 */
import { Injectable } from '@nestjs/common';
import { BALANCE_PAID_STATUSES, ReviewDto } from '@studio/shared';
import { ProjectEntity } from '../projects/entities/project.entity';
import { ReviewBalanceService } from './review-balance.service';
import { ReviewSteps } from './review-steps';
import { toVersion } from './review-versions.service';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly balance: ReviewBalanceService,
    private readonly steps: ReviewSteps,
  ) {}

  async review(project: ProjectEntity, forStaff: boolean): Promise<ReviewDto> {
    const [versions, comments, rounds, finals, money, fee] = await Promise.all([
      this.repo.versions(project.id),
      this.repo.comments(project.id),
      this.repo.rounds(project.id),
      this.repo.finals(project.id),
      this.balance.money(project),
      this.steps.extraRoundFee(),
    ]);
    const submitted = rounds.filter((r) => r.status === 'submitted').length;
    const next = submitted + 1;
    const extra = next > project.revisionRounds;
    return {
      versions: versions.filter((v) => forStaff || v.status === 'ready').map(toVersion),
      comments,
      rounds,
      includedRounds: project.revisionRounds,
      nextRound: { number: next, extra, feePence: extra ? fee : 0 },
      protection: project.protection,
      tagEverySec: project.tagEverySec,
      money,
      finals,
      downloadsUnlocked: BALANCE_PAID_STATUSES.includes(project.status),
    };
  }
}
