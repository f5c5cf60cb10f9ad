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

  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt) => getComputedStyle(elt);
}
