import { mergeLocaleFiles } from '../locale-files';
import serverMessages from '@shared/server-messages.json';

/** The English strings (client/src/locales/en/*.json, one file per feature) as one resource: its own chunk, loaded by lib/i18n only when English is in use. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/*.json', { eager: true });
/** The server's messages are the server's own catalogue (server/src/shared/server-messages.json), one table for both sides. */
export default mergeLocaleFiles({ ...files, '../../locales/en/server-messages.json': { default: serverMessages } }, 'en');
