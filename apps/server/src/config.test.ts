import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const PRODUCTION_SECRET = 'q7Vd0kR2mX9pL4sT8wZ1yB6nC3fH5jG0';
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: PRODUCTION_SECRET,
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
};

describe('loadConfig', () => {
  it('gives safe development defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ACTIVITY_WINDOW_DAYS).toBe(30);
    // Loopback: a development server is not on the school network unless asked to be.
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.TRUST_PROXY).toBe(false);
  });

  it('refuses to start in production with the default session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is the development default/);
  });

  it('accepts production with its own secret', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: PRODUCTION_SECRET,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
    });
    expect(c.NODE_ENV).toBe('production');
  });

  it('refuses the in-memory SMS outbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: PRODUCTION_SECRET })).toThrow(
      /real SMS provider/,
    );
  });

  it('supports 6-digit OTPs', () => {
    expect(loadConfig({ OTP_LENGTH: '6' }).OTP_LENGTH).toBe(6);
    expect(() => loadConfig({ OTP_LENGTH: '5' })).toThrow(/OTP_LENGTH/);
  });

  it('treats an empty variable as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PORT).toBe(3000);
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/);
  });

  it('loads the demo chain on an empty database in development only, and never in production', () => {
    expect(loadConfig({}).DEMO_DATA_ON_EMPTY).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA_ON_EMPTY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_DATA_ON_EMPTY: 'true' }).DEMO_DATA_ON_EMPTY).toBe(true);
    expect(loadConfig(PRODUCTION).DEMO_DATA_ON_EMPTY).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, DEMO_DATA_ON_EMPTY: 'true' })).toThrow(
      /demo chain never loads in production/,
    );
  });

  it('refuses a guessable session secret in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: 'a'.repeat(32) })).toThrow(
      /SESSION_SECRET looks guessable/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: 'abababababababababababababababab' })).toThrow(
      /guessable/,
    );
    expect(loadConfig(PRODUCTION).SESSION_SECRET).toBe(PRODUCTION_SECRET);
  });

  it("trusts the proxies' addresses, never every hop nor a bare hop count", () => {
    for (const v of ['true', '1', '2', 'anything'])
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(/TRUST_PROXY takes false or the proxies/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes a start instant for the clock outside production only', () => {
    expect(loadConfig({ CLOCK_START: '2027-06-14T06:30:00Z' }).CLOCK_START).toBe('2027-06-14T06:30:00Z');
    expect(() => loadConfig({ CLOCK_START: 'next tuesday' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ ...PRODUCTION, CLOCK_START: '2027-06-14T06:30:00Z' })).toThrow(
      /CLOCK_START is for development/,
    );
  });

  describe('the exam launcher’s outside site', () => {
    const EXAM_SECRET = 'Xe4r9Tq2Lm7Vb1Nc8Pz3Hd6Wk0Js5Gf2';
    it('uses the local stand-in outside production and is off in production when no site is set', () => {
      expect(loadConfig({}).EXAM_SITE_PROVIDER).toBe('local');
      expect(loadConfig({ NODE_ENV: 'test' }).EXAM_SITE_PROVIDER).toBe('local');
      expect(loadConfig(PRODUCTION).EXAM_SITE_PROVIDER).toBe('off');
      expect(loadConfig({ NODE_ENV: 'test', EXAM_SITE_PROVIDER: 'off' }).EXAM_SITE_PROVIDER).toBe('off');
      expect(loadConfig({}).EXAM_SITE_AUDIENCE).toBe('exam-site');
      expect(loadConfig({}).EXAM_SITE_ISSUER).toBe('knowledge-islands');
    });

    it('sends to the configured site with its secret, https in production', () => {
      const c = loadConfig({
        ...PRODUCTION,
        EXAM_SITE_URL: 'https://tests.example/launch',
        EXAM_SITE_SECRET: EXAM_SECRET,
      });
      expect(c.EXAM_SITE_PROVIDER).toBe('external');
      expect(() =>
        loadConfig({ ...PRODUCTION, EXAM_SITE_URL: 'http://tests.example/launch', EXAM_SITE_SECRET: EXAM_SECRET }),
      ).toThrow(/EXAM_SITE_URL must be an https address in production/);
      expect(
        loadConfig({ EXAM_SITE_URL: 'http://127.0.0.1:4000/launch', EXAM_SITE_SECRET: EXAM_SECRET }).EXAM_SITE_PROVIDER,
      ).toBe('external');
    });

    it('needs a secret of 32 characters or more with a site, never the session secret, never guessable in production', () => {
      expect(() => loadConfig({ EXAM_SITE_URL: 'https://tests.example/launch' })).toThrow(
        /EXAM_SITE_SECRET is required when EXAM_SITE_URL is set/,
      );
      expect(() => loadConfig({ EXAM_SITE_URL: 'https://tests.example/launch', EXAM_SITE_SECRET: 'short' })).toThrow(
        /at least 32 characters/,
      );
      expect(() =>
        loadConfig({
          ...PRODUCTION,
          EXAM_SITE_URL: 'https://tests.example/launch',
          EXAM_SITE_SECRET: PRODUCTION_SECRET,
        }),
      ).toThrow(/must differ from SESSION_SECRET/);
      expect(() =>
        loadConfig({ ...PRODUCTION, EXAM_SITE_URL: 'https://tests.example/launch', EXAM_SITE_SECRET: 'e'.repeat(40) }),
      ).toThrow(/EXAM_SITE_SECRET looks guessable/);
    });

    it('refuses the stand-in in production, external without an address, and addresses that are not http(s)', () => {
      expect(() => loadConfig({ ...PRODUCTION, EXAM_SITE_PROVIDER: 'local' })).toThrow(
        /stand-in is for development and tests/,
      );
      expect(() => loadConfig({ EXAM_SITE_PROVIDER: 'external', EXAM_SITE_SECRET: EXAM_SECRET })).toThrow(
        /EXAM_SITE_URL is required/,
      );
      expect(() => loadConfig({ EXAM_SITE_URL: 'javascript:alert(1)', EXAM_SITE_SECRET: EXAM_SECRET })).toThrow(
        /EXAM_SITE_URL/,
      );
      expect(() => loadConfig({ EXAM_SITE_URL: 'not a url', EXAM_SITE_SECRET: EXAM_SECRET })).toThrow(/EXAM_SITE_URL/);
    });
  });

  describe('payments (issue #27)', () => {
    const RAZORPAY = {
      RAZORPAY_KEY_ID: 'rzp_live_Ab12Cd34Ef56Gh',
      RAZORPAY_KEY_SECRET: 'k3yS3cr3t-Of-Razorpay-01',
      RAZORPAY_WEBHOOK_SECRET: 'w3bh00k-S3cr3t-Of-Razorpay',
    };
    it('uses the stand-in outside production, is off in production, and Razorpay when its key is set', () => {
      expect(loadConfig({}).PAYMENT_PROVIDER).toBe('local');
      expect(loadConfig(PRODUCTION).PAYMENT_PROVIDER).toBe('off');
      expect(loadConfig({ ...PRODUCTION, ...RAZORPAY }).PAYMENT_PROVIDER).toBe('razorpay');
    });

    it('refuses the stand-in in production (it gives plans away) and Razorpay without its three secrets', () => {
      expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'local' })).toThrow(
        /payment stand-in gives plans away/,
      );
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID is required/);
      expect(() => loadConfig({ ...RAZORPAY, RAZORPAY_WEBHOOK_SECRET: undefined })).toThrow(
        /RAZORPAY_WEBHOOK_SECRET is required/,
      );
      expect(() => loadConfig({ ...RAZORPAY, RAZORPAY_KEY_ID: 'pk_live_123' })).toThrow(/RAZORPAY_KEY_ID looks like/);
    });
  });
});
