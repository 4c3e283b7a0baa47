import { mergeLocaleFiles } from '../locale-files';

/** The English strings (client/src/locales/en/*.json, one file per feature) as one resource: its own chunk, loaded by lib/i18n only when English is in use. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/*.json', { eager: true });
export default mergeLocaleFiles(files, 'en');
