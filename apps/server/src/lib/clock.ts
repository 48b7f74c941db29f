/**
 * The server's clock. Normally the wall clock; with a start instant (CLOCK_START, development and
 * tests only) it reads that instant when the process starts and runs on at the wall clock's pace, so
 * browser journeys see the same dates whatever day they run on.
 */
export function clockFrom(start: string | undefined, wallNow: () => number = Date.now): () => Date {
  if (!start) return () => new Date(wallNow());
  const offset = new Date(start).getTime() - wallNow();
  return () => new Date(wallNow() + offset);
}
