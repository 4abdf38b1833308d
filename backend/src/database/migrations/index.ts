/**
 * Every migration, in order. Migrations are history: add a new file, never edit a landed one.
 * Listed explicitly (not globbed) so the same list works from src (tests) and dist (prod).
 */
import { CreateUsers1763800000000 } from './1763800000000-CreateUsers';
import { CreateMessaging1763800100000 } from './1763800100000-CreateMessaging';
import { CreateBlog1763800200000 } from './1763800200000-CreateBlog';
import { CreatePayments1763800300000 } from './1763800300000-CreatePayments';
import { CreateProjects1764100000000 } from './1764100000000-CreateProjects';
import { ReserveReferralCodes1764200000000 } from './1764200000000-ReserveReferralCodes';
import { NewsletterDoubleOptIn1764200100000 } from './1764200100000-NewsletterDoubleOptIn';
import { ServiceCatalogueDetails1764300000000 } from './1764300000000-ServiceCatalogueDetails';
import { ContactInbox1764300100000 } from './1764300100000-ContactInbox';
import { PaymentRefunds1764300200000 } from './1764300200000-PaymentRefunds';
import { BackOfficeMarks1764300300000 } from './1764300300000-BackOfficeMarks';
import { StaffAccounts1764400000000 } from './1764400000000-StaffAccounts';
import { ProjectReviews1764600000000 } from './1764600000000-ProjectReviews';
import { NewsletterIssues1764700000000 } from './1764700000000-NewsletterIssues';
import { ContactReplyIdempotency1764700100000 } from './1764700100000-ContactReplyIdempotency';
import { MailMessages1764800000000 } from './1764800000000-MailMessages';
import { StorageRemovals1764900000000 } from './1764900000000-StorageRemovals';
import { NewsletterPause1765000000000 } from './1765000000000-NewsletterPause';
import { StudioAddressAndVat1765100000000 } from './1765100000000-StudioAddressAndVat';
import { AuditPseudonymise1765300000000 } from './1765300000000-AuditPseudonymise';
import { SingleUseTwoFactorChallenges1765300100000 } from './1765300100000-SingleUseTwoFactorChallenges';
import { UploadReceivedBytes1765300200000 } from './1765300200000-UploadReceivedBytes';
import { SessionRefreshTokens1765300300000 } from './1765300300000-SessionRefreshTokens';
import { RefundRequests1765600000000 } from './1765600000000-RefundRequests';
import { PaymentIssues1765600100000 } from './1765600100000-PaymentIssues';
import { BalanceVersions1765600200000 } from './1765600200000-BalanceVersions';
import { MoneyLedger1765600300000 } from './1765600300000-MoneyLedger';
import { ReconciliationRuns1765600400000 } from './1765600400000-ReconciliationRuns';
import { ProjectStatusChangedAt1765900000000 } from './1765900000000-ProjectStatusChangedAt';
import { BlogSamples1766200000000 } from './1766200000000-BlogSamples';

export const MIGRATIONS = [
  CreateUsers1763800000000,
  CreateMessaging1763800100000,
  CreateBlog1763800200000,
  CreatePayments1763800300000,
  CreateProjects1764100000000,
  ReserveReferralCodes1764200000000,
  NewsletterDoubleOptIn1764200100000,
  ServiceCatalogueDetails1764300000000,
  ContactInbox1764300100000,
  PaymentRefunds1764300200000,
  BackOfficeMarks1764300300000,
  StaffAccounts1764400000000,
  ProjectReviews1764600000000,
  NewsletterIssues1764700000000,
  ContactReplyIdempotency1764700100000,
  MailMessages1764800000000,
  StorageRemovals1764900000000,
  NewsletterPause1765000000000,
  StudioAddressAndVat1765100000000,
  AuditPseudonymise1765300000000,
  SingleUseTwoFactorChallenges1765300100000,
  UploadReceivedBytes1765300200000,
  SessionRefreshTokens1765300300000,
  RefundRequests1765600000000,
  PaymentIssues1765600100000,
  BalanceVersions1765600200000,
  MoneyLedger1765600300000,
  ReconciliationRuns1765600400000,
  ProjectStatusChangedAt1765900000000,
  BlogSamples1766200000000,
];
