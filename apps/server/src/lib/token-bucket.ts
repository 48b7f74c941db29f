/**
 * A token bucket: up to `capacity` events at once, then `refillPerSecond` a second. Kept in memory
 * per connection (a flood from one socket is that socket's), on the app's clock so tests move time.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rule: { capacity: number; refillPerSecond: number },
    private readonly clock: () => Date,
  ) {
    this.tokens = rule.capacity;
    this.at = clock().getTime();
  }

  /** Takes one token; false when none is left (the event is refused). */
  take(): boolean {
    const now = this.clock().getTime();
    this.tokens = Math.min(this.rule.capacity, this.tokens + ((now - this.at) / 1000) * this.rule.refillPerSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
