import type { CategoryDto } from '@studio/shared';
import { taxonomyApi } from '../../utils/taxonomy-api';

const api = taxonomyApi<CategoryDto>('/api/admin/blog/categories', 'categories');

export const CATEGORIES_QUERY_KEY = api.queryKey;

/** Every category with its post count (staff view: drafts count too). */
export const listCategories = api.list;
export const createCategory = api.create;
export const updateCategory = api.update;
export const deleteCategory = api.remove;
