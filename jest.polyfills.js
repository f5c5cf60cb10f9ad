// jsdom lacks these; react-router, antd Form/Select/Table and Tooltip need them (STACK.md §4).
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(global, { TextEncoder, TextDecoder });

if (typeof window !== 'undefined') {
  window.matchMedia =
    window.matchMedia ||
    ((query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }));

  // A fake MessageChannel: Node's real one keeps Jest alive with open ports.
  global.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = {
        onmessage: null,
        postMessage: (data) => setTimeout(() => this.port2.onmessage?.({ data })),
      };
      this.port2 = {
        onmessage: null,
        postMessage: (data) => setTimeout(() => this.port1.onmessage?.({ data })),
      };
    }
  };

  global.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  // jsdom (26) leaves an XHR's timeout timer running after a network error (a refused or cut connection): a
  // timer of Node's, which closing the window does not clear, so the app's 300 s timeout kept Jest alive for
  // minutes after the run. Setting the timeout clears it; done once the request has ended, however it ended.
  const send = window.XMLHttpRequest.prototype.send;
  window.XMLHttpRequest.prototype.send = function sendClearingTimeoutAtEnd(...args) {
    this.addEventListener('loadend', () => {
      this.timeout = 0;
    });
    return send.apply(this, args);
  };

  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt) => getComputedStyle(elt);
}
