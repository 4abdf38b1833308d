import { getJson, putJson, type SiteSettings } from '@studio/shared';

export const SETTINGS_QUERY_KEY = ['/api/admin/settings'] as const;

interface SettingsResponse {
  success: true;
  settings: SiteSettings;
}
interface SaveSettingsResponse extends SettingsResponse {
  message: string;
}

/** Admins only: editors get a 403. */
export async function getSettings(): Promise<SiteSettings> {
  return (await getJson<SettingsResponse>('/api/admin/settings')).settings;
}

export function saveSettings(settings: SiteSettings): Promise<SaveSettingsResponse> {
  return putJson<SaveSettingsResponse>('/api/admin/settings', settings);
}
