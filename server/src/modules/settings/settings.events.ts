export const SETTINGS_TOPICS = {
  /** An admin saved a setting (platform name, contact details, hours… are on every public page). */
  settingsChanged: 'SETTINGS_CHANGED',
} as const;

export interface SettingsChangedEvent {
  key: string;
}
