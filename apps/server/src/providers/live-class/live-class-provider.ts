/**
 * The two live class providers behind one interface (issue #26; docs/OPERATIONS.md "Live classes"):
 * a Jitsi Meet room opened through its iframe API, and BigBlueButton, whose join links the server
 * signs with the shared secret as its API defines. Each has a real adapter and a local stand-in on
 * this server (providers/live-class/stand-ins.ts) for development and tests, since no network
 * reaches the providers there.
 */
import type { CalendarProvider, LiveLaunch } from '@ki/contracts';

/** One class's room at a provider. */
export interface LiveRoom {
  /** Unique across the deployment: `ki-{schoolId}-{room}`. */
  key: string;
  /** What the provider shows as the meeting's name. */
  title: string;
}

export interface LiveAttendee {
  userId: number;
  displayName: string;
  /** Staff run the class (BigBlueButton's MODERATOR role); students join as viewers. */
  moderator: boolean;
}

export interface LiveClassProvider {
  readonly name: CalendarProvider;
  /** What the join page needs to open the room for this person. */
  launch(room: LiveRoom, attendee: LiveAttendee): Promise<LiveLaunch>;
}

/** The origins the app's pages must allow for the providers (Content-Security-Policy). */
export interface LiveOrigins {
  script: string[];
  frame: string[];
}
