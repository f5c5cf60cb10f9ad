export default async function globalTeardown(): Promise<void> {
  await globalThis.__E2E_SERVER__?.stop();
  await globalThis.__E2E_DATABASE__?.drop();
}
