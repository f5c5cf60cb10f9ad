// A test during which Chromium blocked anything by the server's Content Security Policy fails: the policy
// must fit the pages (a style, script, frame or connection it refuses is a broken feature). So does one
// during which a page failed to load a file of the site (a missing favicon, asset or chunk): each is an
// error in the browser's console. Chromium does not fetch again a favicon it failed to get earlier in the
// same browser, so only a file's first page may report one: foundation.e2e.ts checks the favicon itself.
import { takeCspViolations, takeFailedFiles } from './support/chromium';

beforeEach(() => {
  takeCspViolations();
  takeFailedFiles();
});

afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length > 0) throw new Error(`CSP violations:\n${violations.join('\n')}`);
  const failed = takeFailedFiles();
  if (failed.length > 0) throw new Error(`Files of the site that failed to load:\n${failed.join('\n')}`);
});
