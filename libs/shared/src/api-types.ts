/** Payloads exchanged between the API and the two front ends. */
import type { PostStatus, Role } from './business';
import type { CatalogueService } from './back-office';
import type { ErrorCode } from './error-codes';

export interface ApiErrorBody {
  success: false;
  message: string;
  code?: ErrorCode;
  errors?: { field: string; message: string }[];
}

export interface PublicUser {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  bio: string | null;
  profileImage: string | null;
  role: Role;
  createdAt: string;
}

export interface AuthResponse {
  success: true;
  message: string;
  authToken: string;
  user: PublicUser;
}
export interface CurrentUserResponse {
  success: true;
  user: PublicUser | null;
  /** Present when signed in: whether 2FA is on, and whether the studio requires it first. */
  twoFactor?: { enabled: boolean; setupRequired: boolean };
}
export interface LoginRequest {
  username: string;
  password: string;
}
export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
  displayName?: string;
}

export interface PostAuthor {
  displayName: string | null;
  username: string;
  bio: string | null;
  profileImage: string | null;
}
export interface CategoryDto {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parentId?: number | null;
  count?: number;
  createdAt?: string;
  updatedAt?: string;
}
export interface TagDto {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  createdAt: string;
  updatedAt?: string;
}
export interface BlogPostDto {
  id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  status: PostStatus;
  metaTitle: string | null;
  metaDescription: string | null;
  focusKeyword: string | null;
  readTimeMinutes: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  author: PostAuthor | null;
  categories: CategoryDto[];
  tags: TagDto[];
}
export interface PostListResponse {
  success: true;
  posts: BlogPostDto[];
  total: number;
  page: { limit: number; offset: number; totalPages: number };
}

/** GET /api/admin/blog/samples: how many of a first start's sample posts are left (admins). */
export interface SamplePostsResponse {
  success: true;
  samplePosts: number;
}

/** DELETE /api/admin/blog/samples: what went with the sample posts. */
export interface SamplesRemovedResponse {
  success: true;
  message: string;
  posts: number;
  images: number;
  /** Sample categories and tags no other post used. */
  terms: number;
}

/** One entry of GET /api/services (price in pence): a catalogue row. */
export type ServiceListItem = CatalogueService;

export interface ServiceDto {
  id: number;
  name: string;
  price: number;
  description: string;
  serviceType: string;
  depositAmount: number;
}

export interface ReferralCodeDto {
  code: string;
  discountPercent: number;
  expiresAt: string;
}
export interface ReferralListEntry {
  id: number;
  code: string;
  isUsed: boolean;
  usedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Blog: public comment (the email stays on the server) and the staff view of one. */
export interface CommentDto {
  id: number;
  postId: number;
  parentId: number | null;
  authorName: string;
  content: string;
  createdAt: string;
}
export interface AdminCommentDto extends CommentDto {
  authorEmail: string;
  approved: boolean;
  updatedAt: string;
  post: { id: number; title: string; slug: string } | null;
}
export interface CreateCommentRequest {
  authorName: string;
  authorEmail: string;
  content: string;
  parentId?: number;
  /** Honeypot: left empty by people, filled in by bots. */
  website?: string;
}
export interface MediaDto {
  id: number;
  fileName: string;
  fileType: string;
  filePath: string;
  fileSize: number;
  altText: string | null;
  caption: string | null;
  url: string;
  createdAt: string;
  updatedAt: string;
}
export interface BlogStatsResponse {
  success: true;
  publishedPosts: number;
  draftPosts: number;
  categories: number;
  tags: number;
  pendingComments: number;
}
/** The optional SEO block of a post (spec §3 `seo`). */
export interface PostSeo {
  title?: string;
  description?: string;
  keywords?: string[];
  ogImage?: string;
  canonical?: string;
}
export interface SavePostRequest {
  title: string;
  slug?: string;
  content: string;
  excerpt?: string | null;
  status?: PostStatus;
  categoryIds?: number[];
  tagIds?: number[];
  metaTitle?: string | null;
  metaDescription?: string | null;
  focusKeyword?: string | null;
  featuredImage?: string | null;
  /** ISO date; a future time schedules a published post. */
  publishedAt?: string | null;
  seo?: PostSeo | null;
}

/** Site settings (issue 4): stored in the database, used by pages, feeds, meta tags and mail. */
export interface SocialLinks {
  instagram: string | null;
  youtube: string | null;
  soundcloud: string | null;
  spotify: string | null;
  x: string | null;
}
export interface SiteSettings {
  blogName: string;
  siteDescription: string;
  adminNotifyEmail: string;
  socialLinks: SocialLinks;
  /** Price of a revision round beyond the included ones, in pence. */
  extraRoundFeePence?: number;
  /** The studio's postal address, printed on receipts (lines separated by newlines). */
  studioAddress?: string | null;
  /** The studio's VAT registration number; with one, receipts show the VAT included. */
  vatNumber?: string | null;
}
/** What GET /api/settings shows anyone. */
export type PublicSiteSettings = Pick<SiteSettings, 'blogName' | 'siteDescription' | 'socialLinks'>;
