import { ToneTag, type Tone } from './tone-tag';

const KNOWN: Record<string, { tone: Tone; label: string }> = {
  published: { tone: 'success', label: 'Published' },
  draft: { tone: 'warning', label: 'Draft' },
  archived: { tone: 'neutral', label: 'Archived' },
};

/** Spec §4: green published, yellow draft, gray archived, any other status raw in blue. */
export function PostStatusTag({ status }: { status: string }) {
  const known = Object.hasOwn(KNOWN, status) ? KNOWN[status] : null;
  return (
    <ToneTag tone={known?.tone ?? 'info'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {known?.label ?? status}
    </ToneTag>
  );
}
