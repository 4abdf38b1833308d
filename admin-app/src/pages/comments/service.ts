import { del, getJson, putJson, type AdminCommentDto } from '@studio/shared';

export type CommentFilter = 'pending' | 'approved' | 'all';

interface CommentListResponse {
  success: true;
  comments: AdminCommentDto[];
  total: number;
}

export function listComments(
  status: CommentFilter,
  limit: number,
  offset: number,
): Promise<CommentListResponse> {
  const query = new URLSearchParams({ status, limit: String(limit), offset: String(offset) });
  return getJson<CommentListResponse>(`/api/admin/blog/comments?${query}`);
}

/** PUT /api/admin/blog/comments/:id/approve or /unapprove. */
export function setCommentApproved(
  id: number,
  approved: boolean,
): Promise<{ success: true; message: string }> {
  return putJson(`/api/admin/blog/comments/${id}/${approved ? 'approve' : 'unapprove'}`);
}

export function deleteComment(id: number): Promise<{ success: true; message: string }> {
  return del(`/api/admin/blog/comments/${id}`);
}
