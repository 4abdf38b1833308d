import type { CategoryDto } from '@studio/shared';
import { taxonomyApi } from '../../utils/taxonomy-api';

/** The category endpoints; the list has every category with its post count (drafts count too). */
export const categoriesApi = taxonomyApi<CategoryDto>('/api/admin/blog/categories', 'categories');
