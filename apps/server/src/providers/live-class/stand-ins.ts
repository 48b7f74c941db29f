/**
 * The providers' local stand-ins, for development and tests (no network reaches Jitsi or
 * BigBlueButton there; production never serves them). live-classes.routes.ts serves them under
 * STAND_IN_BASE:
 * - `jitsi/external_api.js` defines `JitsiMeetExternalAPI` as the real script does (a constructor
 *   taking the domain and { roomName, parentNode, width, height, userInfo }, and dispose()), framing
 *   `jitsi/room`, a page naming the room and the person;
 * - `bbb/api/join` checks the link's checksum with the stand-in's secret as BigBlueButton does and
 *   shows the meeting, the person and their role.
 */
import { timingSafeEqual } from 'node:crypto';
import { bbbChecksum } from './bigbluebutton';

export const STAND_IN_BASE = '/api/v1/dev/live';
/** The stand-in BigBlueButton's shared secret (development and tests only). */
export const DEV_BBB_SECRET = 'dev-only-bigbluebutton-secret-0123456789abcdef';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page a frame may show (the app's pages refuse to be framed; these are framed by the app). */
export const STAND_IN_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
} as const;

function page(title: string, rows: [label: string, id: string, value: string][]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;background:#1b2733;color:#fff}dt{font-weight:600;margin-top:.5rem}dd{margin:0}</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p>Development only: a stand-in for the live class provider.</p>
<dl>
${rows.map(([label, id, value]) => `<dt>${label}</dt><dd><p data-testid="${id}">${escape(value)}</p></dd>`).join('\n')}
</dl>
</body>
</html>
`;
}

/** The stand-in of Jitsi Meet's iframe API script. */
export function jitsiStandInScript(): string {
  return `/* Jitsi Meet iframe API stand-in (development and tests). */
(function () {
  function JitsiMeetExternalAPI(domain, options) {
    var o = options || {};
    var frame = document.createElement('iframe');
    var name = (o.userInfo && o.userInfo.displayName) || '';
    frame.src = '${STAND_IN_BASE}/jitsi/room?room=' + encodeURIComponent(o.roomName || '') + '&name=' + encodeURIComponent(name);
    frame.title = 'Jitsi Meet';
    frame.allow = 'camera; microphone; display-capture; fullscreen; autoplay';
    frame.style.border = '0';
    frame.style.width = typeof o.width === 'number' ? o.width + 'px' : (o.width || '100%');
    frame.style.height = typeof o.height === 'number' ? o.height + 'px' : (o.height || '100%');
    (o.parentNode || document.body).appendChild(frame);
    this._frame = frame;
    this.domain = domain;
  }
  JitsiMeetExternalAPI.prototype.dispose = function () {
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
  };
  JitsiMeetExternalAPI.prototype.addListener = function () {};
  JitsiMeetExternalAPI.prototype.executeCommand = function () {};
  window.JitsiMeetExternalAPI = JitsiMeetExternalAPI;
})();
`;
}

export function jitsiStandInRoom(room: string, name: string): string {
  return page('Jitsi Meet (local stand-in)', [
    ['Room', 'room', room],
    ['Name', 'name', name],
  ]);
}

/**
 * The stand-in's join page for a signed BigBlueButton link (`query`: the raw query string as
 * received), or null when the checksum does not match: BigBlueButton answers such a link with its
 * checksumError.
 */
export function bbbStandInJoin(query: string, secret: string = DEV_BBB_SECRET): string | null {
  const at = query.lastIndexOf('&checksum=');
  if (at < 0) return null;
  const signed = query.slice(0, at);
  const given = Buffer.from(query.slice(at + '&checksum='.length));
  const expected = Buffer.from(bbbChecksum('join', signed, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const params = new URLSearchParams(signed);
  return page('BigBlueButton (local stand-in)', [
    ['Meeting', 'meeting', params.get('meetingID') ?? ''],
    ['Name', 'name', params.get('fullName') ?? ''],
    ['Role', 'role', (params.get('role') ?? '').toLowerCase()],
  ]);
}
