/**
 * Where a subject's content is read from. The server names the same path (with the page's subject)
 * as a preload of the subject's pages (build/route-preloads.ts, SUBJECT_BUNDLE), so this request must
 * carry no header of its own beyond a conditional one, or the browser would fetch it a second time.
 */
export const subjectBundleUrl = (slug: string) => `/api/v1/learn/subjects/${encodeURIComponent(slug)}/bundle`;
