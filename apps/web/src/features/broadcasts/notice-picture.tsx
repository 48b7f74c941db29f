/** How a notice's picture sits in it: whole, never wider than the notice, at most half a phone's height. */
const STYLE = {
  display: 'block',
  maxWidth: '100%',
  maxHeight: '50vh',
  height: 'auto',
  objectFit: 'contain',
  borderRadius: 4,
  margin: '0.5rem 0',
} as const;

/** A notice's picture (issue #26: text, image, link), loaded when it comes into view; the session's cookie goes with it. */
export function NoticePicture({ notice, alt }: { notice: { id: number; hasPicture: boolean }; alt: string }) {
  if (!notice.hasPicture) return null;
  return (
    <img
      style={STYLE}
      src={`/api/v1/broadcasts/${notice.id}/picture`}
      alt={alt}
      loading="lazy"
      decoding="async"
      data-testid="notice-picture"
    />
  );
}
