import type { CalendarProvider } from '@ki/contracts';
import type { Config } from '../../config';
import { BigBlueButtonProvider, bbbChecksum } from './bigbluebutton';
import { JitsiMeetProvider } from './jitsi-meet';
import type { LiveClassProvider, LiveOrigins } from './live-class-provider';
import { DEV_BBB_SECRET, STAND_IN_BASE } from './stand-ins';

export interface LiveProviders {
  /** A provider by name, or null when it is not configured (production without its settings). */
  get(name: CalendarProvider): LiveClassProvider | null;
  /** Whether this server serves the stand-ins (development and tests). */
  standIns: boolean;
  origins: LiveOrigins;
}

type LiveConfig = Pick<Config, 'NODE_ENV' | 'JITSI_URL' | 'BBB_URL' | 'BBB_SECRET'>;

/**
 * The providers the configuration names (docs/OPERATIONS.md "Live classes"): JITSI_URL for a Jitsi
 * Meet deployment, BBB_URL and BBB_SECRET for a BigBlueButton server. Outside production an unset
 * provider is its stand-in on this server; in production it is off (joining says the provider is
 * unavailable).
 */
export function createLiveProviders(config: LiveConfig): LiveProviders {
  const local = config.NODE_ENV !== 'production';
  const jitsi = config.JITSI_URL
    ? new JitsiMeetProvider(config.JITSI_URL)
    : local
      ? new JitsiMeetProvider(`${STAND_IN_BASE}/jitsi`)
      : null;
  const bbb =
    config.BBB_URL && config.BBB_SECRET
      ? new BigBlueButtonProvider(config.BBB_URL, config.BBB_SECRET)
      : local
        ? // The stand-in's `create` checks the signature in-process as the server would; nothing to start.
          new BigBlueButtonProvider(`${STAND_IN_BASE}/bbb/`, DEV_BBB_SECRET, (url) => {
            const query = url.slice(url.indexOf('?') + 1);
            const at = query.lastIndexOf('&checksum=');
            if (bbbChecksum('create', query.slice(0, at), DEV_BBB_SECRET) !== query.slice(at + 10))
              throw new Error('stand-in create: bad checksum');
            return Promise.resolve();
          })
        : null;
  const origin = (url: string | undefined) => (url ? [new URL(url).origin] : []);
  return {
    get: (name) => (name === 'jitsi' ? jitsi : bbb),
    standIns: local,
    origins: {
      script: origin(config.JITSI_URL),
      frame: [...origin(config.JITSI_URL), ...origin(config.BBB_URL)],
    },
  };
}
