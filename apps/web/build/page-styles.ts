/**
 * The built page's style sheets: fetched first, without blocking the first paint.
 *
 * Vite writes the stylesheet link after the twenty-odd modulepreload links. Over HTTP/1.1 (six
 * connections to a host) that one render-blocking file queued behind the JavaScript, and the static
 * shell of index.html (brand bar and spinner), which needs none of it, could not paint until it had
 * arrived. Each sheet becomes a preload placed ahead of the script preloads; the app applies it
 * before its first render (src/lib/page-styles.ts), so no screen of the app is ever drawn unstyled.
 */
export const STYLES_ATTRIBUTE = 'data-ki-styles';

export function preloadStyles(html: string): string {
  const sheets = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\r?\n/gm) ?? [];
  if (sheets.length === 0) return html;
  let rest = html;
  for (const sheet of sheets) rest = rest.replace(sheet, '');
  const first = rest.search(/^[ \t]*<link rel="modulepreload"/m);
  const at = first < 0 ? rest.search(/^[ \t]*<\/head>/m) : first;
  if (at < 0) return html;
  const preloads = sheets.map((sheet) =>
    sheet.replace('<link rel="stylesheet"', `<link rel="preload" as="style" ${STYLES_ATTRIBUTE}`),
  );
  return rest.slice(0, at) + preloads.join('') + rest.slice(at);
}
