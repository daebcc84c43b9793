import pg from 'pg';

/** The first wait before listening again after the connection dropped, and the longest. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface SignalHandlers {
  /** A notification arrived on the channel. */
  message(payload: string): void;
  /** The gateway now listens (true), or no longer does (false) and may have missed notifications. */
  listening(now: boolean): void;
}

/**
 * A PostgreSQL connection of its own that LISTENs on one channel (notifications raised by triggers:
 * migrations/0570_session_signals.ts). When the connection drops (a restart, a failover, a network cut)
 * the handlers hear that it no longer listens, and it connects again, after a second, then waiting
 * twice as long each time up to half a minute; once it listens again they hear that too (whatever was
 * missed meanwhile is for them to forget).
 */
export class DatabaseSignals {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private wait = RETRY_FIRST_MS;
  private closed = false;
  /** Whether notifications are being heard now. */
  listening = false;
  /** Notifications heard so far, and when the last was (performance.now). */
  heard = 0;
  private heardAt = -Infinity;
  private readonly waiting = new Set<{ after: number; done: () => void }>();

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly on: SignalHandlers,
  ) {}

  /** Starts listening; resolves once the first attempt has listened or failed (it retries on its own). */
  start(): Promise<void> {
    return this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'member-center-signals' });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      this.heard += 1;
      this.heardAt = performance.now();
      this.on.message(message.payload ?? '');
      for (const w of this.waiting) if (w.after < this.heardAt) w.done();
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client || this.closed) return;
    this.listening = true;
    this.wait = RETRY_FIRST_MS;
    this.on.listening(true);
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    for (const w of this.waiting) w.done();
    if (this.listening) {
      this.listening = false;
      this.on.listening(false);
    }
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.wait);
    this.retry.unref();
    this.wait = Math.min(this.wait * 2, RETRY_MAX_MS);
  }

  /**
   * Resolves once a notification was heard after `after` (performance.now), or after `timeoutMs`, or at
   * once when nothing is being heard. PostgreSQL sends a notification to every listener as the
   * transaction that raised it commits: once this gateway hears its own, the others' are on their way.
   */
  heardSince(after: number, timeoutMs: number): Promise<void> {
    if (!this.listening || this.heardAt > after) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        after,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, timeoutMs);
      this.waiting.add(waiter);
    });
  }

  async close(): Promise<void> {
    for (const w of this.waiting) w.done();
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
