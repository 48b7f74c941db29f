/** The loader screen shown while the shell or a page loads (plain HTML: the shell carries no Mantine). */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ki-loader" role="status" aria-live="polite" aria-label={label}>
      <span />
    </div>
  );
}
