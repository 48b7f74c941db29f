import { PRODUCT_NAME } from '../config/paths';

/**
 * The page title is the capitalised path followed by the product name
 * (access-and-app-shell.md 2.1): '/student-list' -> 'Student list | Knowledge Islands'.
 */
export function pageTitle(pathname: string): string {
  const first = pathname.split('/').find((part) => part.length > 0);
  if (!first) return PRODUCT_NAME;
  const words = decodeURIComponent(first).replace(/[-_]+/g, ' ').trim();
  if (!words) return PRODUCT_NAME;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} | ${PRODUCT_NAME}`;
}
