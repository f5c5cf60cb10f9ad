// jsdom keeps an XHR's timeout timer after a network error unless jest.polyfills.js clears it at the request's
// end: with the app's 300 s timeout, that timer held Jest open for minutes after every run.
import net from 'node:net';

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

test('a refused request leaves no timer behind', async () => {
  const port = await closedPort();
  const before = timers();
  const xhr = new XMLHttpRequest();
  const failed = new Promise<string>((resolve) => xhr.addEventListener('error', () => resolve('error')));
  xhr.open('GET', `http://127.0.0.1:${port}/api/anything`);
  xhr.timeout = 300000;
  xhr.send();
  expect(await failed).toBe('error');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(timers()).toBe(before);
});
