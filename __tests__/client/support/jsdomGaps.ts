/**
 * Stand-ins for what jsdom lacks and antd uses. jsdom has no MessageChannel; antd's Form (and Select) use one as a macrotask scheduler
 * (`port1.onmessage = fn; port2.postMessage(null)`). This stand-in delivers each message on a timer,
 * which is all those callers need. Import it first in page tests that render forms.
 */
type Handler = ((event: { data: unknown }) => void) | null;

class Port {
  onmessage: Handler = null;
  other: Port | null = null;
  postMessage(data: unknown) {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  close() {
    this.onmessage = null;
  }
  start() {}
  addEventListener(_type: 'message', fn: (event: { data: unknown }) => void) {
    this.onmessage = fn;
  }
  removeEventListener() {
    this.onmessage = null;
  }
}

class MessageChannelStandIn {
  port1 = new Port();
  port2 = new Port();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}

if (typeof (globalThis as { MessageChannel?: unknown }).MessageChannel === 'undefined') {
  (globalThis as { MessageChannel?: unknown }).MessageChannel = MessageChannelStandIn;
}

export {};

/** jsdom has no ResizeObserver either; antd's TextArea and Select observe sizes through one. */
class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (typeof (globalThis as { ResizeObserver?: unknown }).ResizeObserver === 'undefined') {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = ResizeObserverStandIn;
}
