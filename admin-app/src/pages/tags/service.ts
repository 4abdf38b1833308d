import type { TagDto } from '@studio/shared';
import { taxonomyApi } from '../../utils/taxonomy-api';

export type AdminTag = TagDto & { count?: number };

/** The tag endpoints. */
export const tagsApi = taxonomyApi<AdminTag>('/api/admin/blog/tags', 'tags');
