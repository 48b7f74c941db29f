/**
 * The live class providers' adapters (issue #26): BigBlueButton's checksum against the vector in its
 * API documentation, the links it signs, a server that refuses or cannot be reached; Jitsi Meet's
 * iframe API launch; the configuration's choice of adapter or stand-in.
 */
import { describe, expect, it } from 'vitest';
import { BigBlueButtonProvider, bbbChecksum, bbbSignedUrl } from './bigbluebutton';
import { createLiveProviders } from './create-live-providers';
import { JitsiMeetProvider } from './jitsi-meet';
import { bbbStandInJoin, DEV_BBB_SECRET } from './stand-ins';

const room = { key: 'ki-4-abcdefgh1234', title: 'Fractions & decimals' };

describe('BigBlueButton', () => {
  it('computes the API checksum of its documentation’s example (SHA-1 of call, query and secret)', () => {
    expect(
      bbbChecksum(
        'create',
        'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444',
        '639259d4-9dd8-4b25-bf01-95f9567eaf4b',
      ),
    ).toBe('1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17');
    expect(
      bbbSignedUrl(
        'https://bbb.example.org/bigbluebutton',
        'create',
        { name: 'Test Meeting', meetingID: 'abc123', attendeePW: '111222', moderatorPW: '333444' },
        '639259d4-9dd8-4b25-bf01-95f9567eaf4b',
      ),
    ).toBe(
      'https://bbb.example.org/bigbluebutton/api/create?name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444&checksum=1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17',
    );
  });

  it('creates the meeting, then signs a join link with the name and role', async () => {
    const created: string[] = [];
    const bbb = new BigBlueButtonProvider(
      'https://bbb.example.org/bigbluebutton/',
      'secret-0123456789abcdef',
      async (url) => {
        created.push(url);
      },
    );
    const launch = await bbb.launch(room, { userId: 42, displayName: 'Asha K', moderator: false });
    expect(created).toEqual([
      `https://bbb.example.org/bigbluebutton/api/create?name=Fractions+%26+decimals&meetingID=ki-4-abcdefgh1234&record=false&checksum=${bbbChecksum('create', 'name=Fractions+%26+decimals&meetingID=ki-4-abcdefgh1234&record=false', 'secret-0123456789abcdef')}`,
    ]);
    const query = 'fullName=Asha+K&meetingID=ki-4-abcdefgh1234&role=VIEWER&userID=42&redirect=true';
    expect(launch).toEqual({
      provider: 'bigbluebutton',
      joinUrl: `https://bbb.example.org/bigbluebutton/api/join?${query}&checksum=${bbbChecksum('join', query, 'secret-0123456789abcdef')}`,
    });
    const moderator = await bbb.launch(room, { userId: 7, displayName: 'Teacher', moderator: true });
    expect(moderator.provider === 'bigbluebutton' && moderator.joinUrl).toContain('role=MODERATOR');
  });

  it('says the provider is unavailable when its server refuses or cannot be reached, with no join link', async () => {
    const failing = new BigBlueButtonProvider('https://bbb.invalid/bigbluebutton/', 'secret-0123456789abcdef');
    await expect(failing.launch(room, { userId: 1, displayName: 'A', moderator: false })).rejects.toMatchObject({
      code: 'LIVE_PROVIDER_UNAVAILABLE',
    });
  });

  it('the stand-in accepts a link signed with its secret and refuses any change to it', async () => {
    const local = createLiveProviders({
      NODE_ENV: 'test',
      JITSI_URL: undefined,
      BBB_URL: undefined,
      BBB_SECRET: undefined,
    });
    const launch = await local.get('bigbluebutton')!.launch(room, { userId: 3, displayName: 'Bala', moderator: false });
    if (launch.provider !== 'bigbluebutton') throw new Error('bbb');
    const query = launch.joinUrl.slice(launch.joinUrl.indexOf('?') + 1);
    expect(bbbStandInJoin(query)).toContain('<p data-testid="name">Bala</p>');
    expect(bbbStandInJoin(query.replace('Bala', 'Bal'))).toBeNull();
    expect(bbbStandInJoin(query, `${DEV_BBB_SECRET}x`)).toBeNull();
  });
});

describe('Jitsi Meet', () => {
  it('hands the page the deployment’s iframe API script, its domain and the class’s room', async () => {
    const launch = await new JitsiMeetProvider('https://meet.example.org/').launch(room, {
      userId: 1,
      displayName: 'Asha',
      moderator: false,
    });
    expect(launch).toEqual({
      provider: 'jitsi',
      scriptUrl: 'https://meet.example.org/external_api.js',
      domain: 'meet.example.org',
      roomName: 'ki-4-abcdefgh1234',
      displayName: 'Asha',
    });
  });
});

describe('createLiveProviders', () => {
  it('uses the configured servers, allows their origins, and serves no stand-ins in production', () => {
    const real = createLiveProviders({
      NODE_ENV: 'production',
      JITSI_URL: 'https://meet.example.org',
      BBB_URL: 'https://bbb.example.org/bigbluebutton/',
      BBB_SECRET: 'secret-0123456789abcdef',
    });
    expect(real.standIns).toBe(false);
    expect(real.origins).toEqual({
      script: ['https://meet.example.org'],
      frame: ['https://meet.example.org', 'https://bbb.example.org'],
    });
    const off = createLiveProviders({
      NODE_ENV: 'production',
      JITSI_URL: undefined,
      BBB_URL: undefined,
      BBB_SECRET: undefined,
    });
    expect([off.get('jitsi'), off.get('bigbluebutton'), off.standIns]).toEqual([null, null, false]);
  });
});
