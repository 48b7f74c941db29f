import { i18next, ownStrings } from './i18n';
import { pageTitle } from './page-title';

// The page names (`pages`), one small file per language, come with this module, which the layout
// fetches after the page (for the tab title) and the profile menu brings: no first load lists them.
ownStrings('pages', import.meta.glob('../locales/*/pages.json', { import: 'default' }));

/** The tab title of a path in the current language, once its page names have arrived (lib/page-title.ts). */
export async function translatedPageTitle(pathname: string): Promise<string> {
  await i18next.loadNamespaces('pages');
  return pageTitle(pathname, i18next.getFixedT(null, ['pages', 'common']));
}
