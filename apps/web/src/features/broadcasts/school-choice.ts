/**
 * The school whose notices /broadcast shows: the one picked on the page, else the app's selected
 * school (lib/school-selection.ts, chosen on /select-school) if the caller may post there, else the
 * caller's own school, else the first they may choose; null while there is none.
 */
export function chooseSchool({
  picked,
  selected,
  own,
  choices,
}: {
  /** Picked on the page. */
  picked: number | null;
  /** The app's selection (several for a super-admin's chain view: the first that fits). */
  selected: readonly number[];
  /** The caller's own school (/me's school). */
  own: number | null;
  /** The schools the caller may choose (GET /me/schools). */
  choices: readonly number[];
}): number | null {
  const allowed = (id: number | null): id is number => id !== null && choices.includes(id);
  if (allowed(picked)) return picked;
  const fromSelection = selected.find((id) => allowed(id));
  if (fromSelection !== undefined) return fromSelection;
  if (allowed(own)) return own;
  return choices[0] ?? null;
}
