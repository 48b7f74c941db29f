/**
 * Text messages go through this interface: an in-memory outbox for development and tests (a
 * dev-only endpoint shows the last code sent to a number), an HTTP provider in production.
 */
export interface SmsProvider {
  send(to: string, message: string): Promise<void>;
}

export class OutboxSmsProvider implements SmsProvider {
  private readonly messages = new Map<string, { message: string; at: Date }[]>();
  private readonly totals = new Map<string, number>();
  async send(to: string, message: string): Promise<void> {
    const list = this.messages.get(to) ?? [];
    list.push({ message, at: new Date() });
    this.messages.set(to, list.slice(-10));
    this.totals.set(to, (this.totals.get(to) ?? 0) + 1);
  }
  /** The newest message sent to a number. */
  last(to: string): string | undefined {
    return this.messages.get(to)?.at(-1)?.message;
  }
  /** Messages ever sent to a number. */
  count(to: string): number {
    return this.totals.get(to) ?? 0;
  }
}

/** Posts {to, message} as JSON to the configured gateway with a bearer token. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}
  async send(to: string, message: string): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

export function createSmsProvider(config: {
  SMS_PROVIDER: 'outbox' | 'http';
  SMS_HTTP_URL?: string | undefined;
  SMS_HTTP_TOKEN?: string | undefined;
}): SmsProvider {
  return config.SMS_PROVIDER === 'http'
    ? new HttpSmsProvider(config.SMS_HTTP_URL!, config.SMS_HTTP_TOKEN)
    : new OutboxSmsProvider();
}
