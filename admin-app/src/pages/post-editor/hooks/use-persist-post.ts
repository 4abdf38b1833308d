/**
 * Saving a post from the editor: validate, send (JSON or multipart with the picked image),
 * take back what the server decided (the slug it numbered, the image name it gave), refresh the
 * caches that show posts, and say what happened. Manual saves speak up; autosaves stay quiet.
 */
import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type BlogPostDto } from '@studio/shared';
import { useToast } from '../../../hooks/use-toast';
import { fieldErrors } from '../../../utils/errors';
import { formatDateTime } from '../../../utils/format';
import { EMPTY_POST, FIELD_TAB, toPayload, type PostFormValues } from '../post-form';
import { blogKeys, staleAfterSave } from '../query-keys';
import { savePost } from '../service';

export type SaveMode = 'manual' | 'auto';

export const isScheduled = (status: string, publishedAt: string | null | undefined) =>
  status === 'published' && !!publishedAt && Date.parse(publishedAt) > Date.now();

/** What the success toast says under its title when the server's message adds nothing. */
export function savedDescription(post: Pick<BlogPostDto, 'status' | 'publishedAt'>): string {
  if (isScheduled(post.status, post.publishedAt))
    return `It will go live on ${formatDateTime(post.publishedAt)}.`;
  if (post.status === 'published') return 'It is live on the blog.';
  if (post.status === 'archived') return 'It is archived and hidden from the blog.';
  return 'It is saved as a draft.';
}

interface Options {
  form: FormInstance<PostFormValues>;
  /** The post as loaded, or null for a new post. */
  initialPost: BlogPostDto | null;
  /** A featured image picked but not uploaded yet. */
  pendingFile: File | null;
  /** The values the form holds after a save: the editor's new baseline, and fields to set. */
  onSaved(saved: { baseline: PostFormValues; patch: Partial<PostFormValues>; file: File | null }): void;
  /** A manual save found an invalid field: the editor shows its tab. */
  onInvalidField(field: keyof PostFormValues): void;
  /** After the first save of a new post. */
  onCreated(post: BlogPostDto): void;
}

export interface PersistPost {
  persist(mode: SaveMode): Promise<boolean>;
  saving: SaveMode | null;
  savedPost: BlogPostDto | null;
  /** Epoch ms of the last save (the page load for a loaded post), for the autosave clock. */
  lastSavedAt: number;
  /** When this page last saved, for "Saved at …". */
  savedAt: Date | null;
}

export function usePersistPost({
  form,
  initialPost,
  pendingFile,
  onSaved,
  onInvalidField,
  onCreated,
}: Options): PersistPost {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [savedPost, setSavedPost] = useState<BlogPostDto | null>(initialPost);
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const savingRef = useRef(false);
  const [lastSavedAt, setLastSavedAt] = useState(() => Date.now());
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const postId = savedPost?.id ?? null;

  const persist = useCallback(
    async (mode: SaveMode): Promise<boolean> => {
      if (savingRef.current) return false;
      const quiet = mode === 'auto';
      try {
        await form.validateFields(quiet ? { validateOnly: true } : undefined);
      } catch (error) {
        if (!quiet) {
          toast.error(MESSAGES.postValidation);
          const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]
            ?.name?.[0];
          if (typeof first === 'string' && first in FIELD_TAB) onInvalidField(first as keyof PostFormValues);
        }
        return false;
      }
      const submitted: PostFormValues = { ...EMPTY_POST, ...form.getFieldsValue(true) };
      const file = pendingFile;
      const creating = postId === null;
      savingRef.current = true;
      setSaving(mode);
      try {
        const res = await savePost(postId, toPayload(submitted), file);
        if (!res.success) {
          if (!quiet) toast.error('Error', res.message);
          return false;
        }
        const post = res.post;
        // The server may number the slug and names an uploaded image: take both from it.
        const fromServer: Partial<PostFormValues> = { slug: post.slug, featuredImage: post.featuredImage };
        const typedMeanwhile = form.getFieldValue('slug') !== submitted.slug;
        onSaved({
          baseline: { ...submitted, ...fromServer },
          patch: typedMeanwhile ? { featuredImage: post.featuredImage } : fromServer,
          file,
        });
        setSavedPost(post);
        setLastSavedAt(Date.now());
        setSavedAt(new Date());
        queryClient.setQueryData(blogKeys.post(post.id), post);
        const stale = staleAfterSave(post.id, file !== null);
        void queryClient.invalidateQueries({ predicate: (q) => stale(q.queryKey) });
        if (!quiet) {
          const title = creating ? 'Post created' : 'Post updated';
          toast.success(title, res.message && res.message !== title ? res.message : savedDescription(post));
        }
        if (creating) onCreated(post);
        return true;
      } catch (error) {
        const known = fieldErrors(error).filter((e) => e.field in FIELD_TAB);
        if (known.length)
          form.setFields(known.map((e) => ({ name: e.field as keyof PostFormValues, errors: [e.message] })));
        if (!quiet) toast.failure(error, 'Failed to save post. Please try again.');
        return false;
      } finally {
        savingRef.current = false;
        setSaving(null);
      }
    },
    [form, onCreated, onInvalidField, onSaved, pendingFile, postId, queryClient, toast],
  );

  return { persist, saving, savedPost, lastSavedAt, savedAt };
}
