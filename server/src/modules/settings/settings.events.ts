export const SETTINGS_TOPICS = {
  /** An admin saved a setting (platform name, contact details, hours… are on every public page). */
  settingsChanged: 'SETTINGS_CHANGED',
} as const;

export interface SettingsChangedEvent {
  key: string;
}

type SavedHereListener = () => void;
const savedHere = new WeakMap<object, Set<SavedHereListener>>();

/**
 * Listens, on this instance only, for a setting saved here: called synchronously after the commit, before the bus
 * carries SETTINGS_CHANGED to the other instances (through Redis that takes a round trip, and a page drawn in
 * between would show the old settings). `scope` is the instance's Deps.
 */
export function onSettingsSavedHere(scope: object, listener: SavedHereListener): () => void {
  let set = savedHere.get(scope);
  if (!set) savedHere.set(scope, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/** Tells this instance's listeners that a setting was saved (the settings service, after its commit). */
export function settingsSavedHere(scope: object): void {
  for (const listener of savedHere.get(scope) ?? []) listener();
}
