import { loadMessages } from '../../renderer/i18n/catalogs.ts';
import { LOCALES } from '../../renderer/i18n/locales.ts';

// Every catalog loaded before a unit test runs: the studio fetches a language's catalog before it
// shows it (renderer/i18n/catalogs.ts), and unit tests format in any language at once, as the
// studio does after that.
await Promise.all(LOCALES.map((locale) => loadMessages(locale)));
