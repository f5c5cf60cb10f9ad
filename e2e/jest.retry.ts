// A browser test that fails is run once more before it counts as failed, its first errors printed. On the
// two shared cores of CI, Chromium loses an occasional click or pick (a different one in each run); a real
// fault fails both runs. Tests reuse their file's server, so a retry that collides
// with what the first run created fails too rather than passing wrongly.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
