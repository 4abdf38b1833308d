import { postJson, type DataErasureResult, type DataExport } from '@studio/shared';

export function exportData(email: string): Promise<DataExport> {
  return postJson<DataExport>('/api/admin/data-requests/export', { email });
}

export function eraseData(email: string): Promise<DataErasureResult> {
  return postJson<DataErasureResult>('/api/admin/data-requests/erase', { email });
}

/** Hands the export to the browser as one JSON file. */
export function downloadJson(data: DataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `data-export-${data.email.replace(/[^a-z0-9.@_-]/gi, '_')}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
