/** Payloads exchanged between the API and the two front ends. */
import type { PostStatus, Role } from './business';

export interface ApiErrorBody {
  success: false;
  message: string;
  code?: string;
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
