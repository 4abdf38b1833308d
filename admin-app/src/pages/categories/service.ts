import { del, getJson, postJson, putJson, type CategoryDto } from '@studio/shared';

export const CATEGORIES_QUERY_KEY = ['/api/admin/blog/categories'] as const;

export interface CategoryInput {
  name: string;
  slug?: string;
  description?: string | null;
}
interface CategoryListResponse {
  success: true;
  categories: CategoryDto[];
}
interface CategoryResponse {
  success: true;
  message: string;
  category: CategoryDto;
}

/** Every category with its post count (staff view: drafts count too). */
export async function listCategories(): Promise<CategoryDto[]> {
  return (await getJson<CategoryListResponse>('/api/admin/blog/categories')).categories;
}

export function createCategory(input: CategoryInput): Promise<CategoryResponse> {
  return postJson<CategoryResponse>('/api/admin/blog/categories', input);
}

export function updateCategory(id: number, input: CategoryInput): Promise<CategoryResponse> {
  return putJson<CategoryResponse>(`/api/admin/blog/categories/${id}`, input);
}

export function deleteCategory(id: number): Promise<{ success: true; message: string }> {
  return del(`/api/admin/blog/categories/${id}`);
}
