import type { TagDto } from '@studio/shared';
import { taxonomyApi } from '../../utils/taxonomy-api';

export type AdminTag = TagDto & { count?: number };

const api = taxonomyApi<AdminTag>('/api/admin/blog/tags', 'tags');

export const TAGS_QUERY_KEY = api.queryKey;
export const listTags = api.list;
export const createTag = api.create;
export const updateTag = api.update;
export const deleteTag = api.remove;
