import { createHash } from 'node:crypto';
import type { LiveLaunch } from '@ki/contracts';
import { AppError } from '../../errors';
import type { LiveAttendee, LiveClassProvider, LiveRoom } from './live-class-provider';

/**
 * BigBlueButton's API checksum: SHA-1 of the call's name, its query string and the shared secret,
 * in hex (docs.bigbluebutton.org, "API Security Model"). The query string is signed exactly as it is
 * sent. Test vector from those docs: call `create`, query
 * `name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444`, secret
 * `639259d4-9dd8-4b25-bf01-95f9567eaf4b` -> `1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17`.
 */
export function bbbChecksum(call: string, query: string, secret: string): string {
  return createHash('sha1').update(`${call}${query}${secret}`).digest('hex');
}

/** A signed API address: `{base}api/{call}?{query}&checksum=…`. */
export function bbbSignedUrl(baseUrl: string, call: string, params: Record<string, string>, secret: string): string {
  const query = new URLSearchParams(params).toString();
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return `${base}api/${call}?${query}&checksum=${bbbChecksum(call, query, secret)}`;
}

/** Makes sure the meeting exists (BigBlueButton's `create` is idempotent for a running meeting). */
export type BbbCreate = (signedCreateUrl: string) => Promise<void>;

/** The real `create`: an HTTP GET whose XML answer must say SUCCESS; 5 s at most. */
export const bbbCreateOverHttp: BbbCreate = async (url) => {
  let body: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    body = await response.text();
  } catch {
    throw new AppError('LIVE_PROVIDER_UNAVAILABLE', 'The live class server cannot be reached. Try again in a minute.');
  }
  if (!/<returncode>\s*SUCCESS\s*<\/returncode>/.test(body))
    throw new AppError(
      'LIVE_PROVIDER_UNAVAILABLE',
      'The live class server refused to open the class. Try again in a minute.',
    );
};

/**
 * A BigBlueButton server (BBB_URL, e.g. https://bbb.example.org/bigbluebutton/, and its shared
 * secret BBB_SECRET). A launch creates the meeting when needed, then signs a join link for the
 * person with their name and role (MODERATOR for staff, VIEWER for students; BigBlueButton 2.4+).
 */
export class BigBlueButtonProvider implements LiveClassProvider {
  readonly name = 'bigbluebutton' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
    private readonly create: BbbCreate = bbbCreateOverHttp,
  ) {}

  async launch(room: LiveRoom, attendee: LiveAttendee): Promise<LiveLaunch> {
    await this.create(
      bbbSignedUrl(this.baseUrl, 'create', { name: room.title, meetingID: room.key, record: 'false' }, this.secret),
    );
    const joinUrl = bbbSignedUrl(
      this.baseUrl,
      'join',
      {
        fullName: attendee.displayName,
        meetingID: room.key,
        role: attendee.moderator ? 'MODERATOR' : 'VIEWER',
        userID: String(attendee.userId),
        redirect: 'true',
      },
      this.secret,
    );
    return { provider: 'bigbluebutton', joinUrl };
  }
}
