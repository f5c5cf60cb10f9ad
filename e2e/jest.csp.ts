// A test during which Chromium blocked anything by the server's Content Security Policy fails: the policy
// must fit the pages (a style, script, frame or connection it refuses is a broken feature).
import { takeCspViolations } from './support/chromium';

beforeEach(() => {
  takeCspViolations();
});

afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length > 0) throw new Error(`CSP violations:\n${violations.join('\n')}`);
});
