/**
 * What jsdom lacks and antd 6 uses: MessageChannel (Form's watchers post themselves a message to
 * run in a macrotask) and ResizeObserver (the date range picker observes its panel). Browsers have
 * both. The channel here delivers with setTimeout, so that no port keeps Jest alive after the tests;
 * the lead may move these into jest/jsdomEnvironment.js for every page test.
 */
type Handler = ((event: { data: unknown }) => void) | null;

class Port {
  onmessage: Handler = null;
  other: Port | null = null;
  postMessage(data: unknown) {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  start() {}
  close() {
    this.onmessage = null;
  }
  addEventListener() {}
  removeEventListener() {}
}

class TimeoutMessageChannel {
  port1 = new Port();
  port2 = new Port();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const g = globalThis as { MessageChannel?: unknown; ResizeObserver?: unknown };
g.MessageChannel ??= TimeoutMessageChannel;
g.ResizeObserver ??= NoResizeObserver;
