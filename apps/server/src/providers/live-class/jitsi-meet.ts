import type { LiveLaunch } from '@ki/contracts';
import type { LiveAttendee, LiveClassProvider, LiveRoom } from './live-class-provider';

/**
 * A Jitsi Meet deployment (https://meet.jit.si or a school's own): the join page loads its
 * `external_api.js` and creates `new JitsiMeetExternalAPI(domain, { roomName, userInfo })`, which
 * frames the room. Room names are the class's random room, so they cannot be guessed from the school.
 * The local stand-in serves the same script from this server (`/stand-in/jitsi`).
 */
export class JitsiMeetProvider implements LiveClassProvider {
  readonly name = 'jitsi' as const;

  /** `baseUrl`: the deployment's address (https://meet.example.org) or the stand-in's path. */
  constructor(private readonly baseUrl: string) {}

  launch(room: LiveRoom, attendee: LiveAttendee): Promise<LiveLaunch> {
    const base = this.baseUrl.replace(/\/+$/, '');
    return Promise.resolve({
      provider: 'jitsi',
      scriptUrl: `${base}/external_api.js`,
      // The external API frames https://{domain}/{roomName}; the stand-in's script frames its own page.
      domain: URL.canParse(base) ? new URL(base).host : base,
      roomName: room.key,
      displayName: attendee.displayName,
    });
  }
}
