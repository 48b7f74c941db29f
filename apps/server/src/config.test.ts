import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('gives safe development defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ACTIVITY_WINDOW_DAYS).toBe(30);
  });

  it('refuses to start in production with the default session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is the development default/);
  });

  it('accepts production with its own secret', () => {
    const c = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' });
    expect(c.NODE_ENV).toBe('production');
  });

  it('refuses the in-memory SMS outbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/real SMS provider/);
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
});
