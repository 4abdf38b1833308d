import { useMemo, useState } from 'react';
import { toTaxonomyInput, type TaxonomyFormValues } from '../components/taxonomy-form-modal';
import { useConfirm } from '../components/confirm';
import { useToast } from './use-toast';

interface TaxonomyItem {
  id: number;
  name: string;
  slug: string;
  description: string | null;
}

type TaxonomyInput = ReturnType<typeof toTaxonomyInput>;

interface TaxonomyCrudOptions {
  /** 'category' or 'tag': the spec's messages are built from it ('Category created', …). */
  noun: 'category' | 'tag';
  create: (input: TaxonomyInput) => Promise<unknown>;
  update: (id: number, input: TaxonomyInput) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Reloads whatever lists show the items after a change. */
  refresh: () => Promise<unknown>;
}

export type TaxonomyEditing<T> = { mode: 'add' } | { mode: 'edit'; item: T } | null;

/**
 * Add / edit / delete for categories and tags: one form dialog, one delete confirmation, and
 * the success and failure messages of spec §8, the same on both pages.
 */
export function useTaxonomyCrud<T extends TaxonomyItem>({
  noun,
  create,
  update,
  remove,
  refresh,
}: TaxonomyCrudOptions) {
  const toast = useToast();
  const { confirmAction } = useConfirm();
  const [editing, setEditing] = useState<TaxonomyEditing<T>>(null);
  const [saving, setSaving] = useState(false);
  const Noun = noun === 'category' ? 'Category' : 'Tag';

  const initial = useMemo<TaxonomyFormValues | null>(
    () =>
      editing?.mode === 'edit'
        ? { name: editing.item.name, slug: editing.item.slug, description: editing.item.description ?? '' }
        : null,
    [editing],
  );

  const save = async (values: TaxonomyFormValues): Promise<boolean> => {
    if (!editing) return false;
    const creating = editing.mode === 'add';
    setSaving(true);
    try {
      if (editing.mode === 'add') await create(toTaxonomyInput(values));
      else await update(editing.item.id, toTaxonomyInput(values));
      const done = creating ? 'created' : 'updated';
      toast.success(`${Noun} ${done}`, `The ${noun} has been ${done} successfully.`);
      setEditing(null);
      await refresh();
      return true;
    } catch (err) {
      toast.failure(err, `Failed to ${creating ? 'create' : 'update'} ${noun}.`);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = (item: T) => {
    confirmAction({
      title: `Delete ${noun}`,
      content: `Are you sure you want to delete "${item.name}"? This action cannot be undone.`,
      okText: 'Delete',
      run: () => remove(item.id),
      success: [`${Noun} deleted`, `The ${noun} has been deleted successfully.`],
      failure: `Failed to delete ${noun}.`,
      after: refresh,
    });
  };

  return {
    startAdd: () => setEditing({ mode: 'add' }),
    startEdit: (item: T) => setEditing({ mode: 'edit', item }),
    confirmDelete,
    /** Spread on TaxonomyFormModal (with its `kind`): open while adding or editing. */
    modalProps: {
      open: editing !== null,
      initial,
      submitting: saving,
      onSubmit: save,
      onCancel: () => setEditing(null),
    },
  };
}
