import { i18next, ownStrings } from './i18n';

// The strings of the teachers' drive (issue #26), for the staff's /drive (features/drive) and the
// "From your teachers" card on a student's home (features/learn). They come with that code, not
// through the first load's table of string files (lib/i18n.ts); the home's card asks for them only
// once there are files to show, so /concepts' first load carries none of them.
ownStrings('drive', import.meta.glob('../locales/*/drive.json', { import: 'default' }));

export const loadDriveStrings = () => i18next.loadNamespaces('drive');
