// One Jest configuration, three projects: the SPA (jsdom), the server (node) and e2e (node + Chromium).
const spa = {
  displayName: 'spa',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/__tests__', '<rootDir>/common'],
  testMatch: ['**/*.test.ts?(x)'],
  setupFiles: ['<rootDir>/jest.polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // react-leaflet ships ES modules only (拜访详情's map): Babel compiles it like the SPA's own code.
  transformIgnorePatterns: ['/node_modules/(?!(react-leaflet|@react-leaflet)/)'],
  moduleNameMapper: {
    '\\.(css|less)$': '<rootDir>/__tests__/__mocks__/style.js',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/__tests__/__mocks__/file.js',
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    '^@rc-component/util/lib/Dom/dynamicCSS$': '<rootDir>/__tests__/__mocks__/dynamicCSS.js',
  },
};

const server = {
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/server'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  // Names the run's fixtures (the seeded demo data, built once, copied per test database) and removes them.
  globalSetup: '<rootDir>/server/__tests__/support/fixtures.globalSetup.ts',
  globalTeardown: '<rootDir>/server/__tests__/support/fixtures.globalTeardown.ts',
};

const e2e = {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  setupFiles: ['<rootDir>/e2e/jest.worker.ts'],
  setupFilesAfterEnv: ['<rootDir>/e2e/jest.retry.ts', '<rootDir>/e2e/jest.csp.ts'],
  globalSetup: '<rootDir>/e2e/globalSetup.ts',
  globalTeardown: '<rootDir>/e2e/globalTeardown.ts',
};

module.exports = {
  projects: [spa, server, e2e],
  // antd forms in jsdom take 10-25 s a test on two busy cores, and a test database with the whole demo written
  // (its fixture built once per run) over a minute on a slow machine: a limit for what hangs, not a speed target.
  testTimeout: 180000,
};
