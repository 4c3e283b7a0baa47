import { mergeLocaleFiles } from '../locale-files';

/** The Arabic strings (client/src/locales/ar/*.json, one file per feature) as one resource: its own chunk, loaded by lib/i18n only when Arabic is in use. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/ar/*.json', { eager: true });
export default mergeLocaleFiles(files, 'ar');
