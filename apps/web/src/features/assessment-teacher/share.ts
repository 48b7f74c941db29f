/** The link a teacher shares: this site's address and the student's join page of the quiz. */
export const shareUrl = (origin: string, sharePath: string) => new URL(sharePath, origin).toString();
