export default async function globalTeardown(): Promise<void> {
  await Promise.all((globalThis.__E2E_SERVERS__ ?? []).map((server) => server.stop()));
  await globalThis.__E2E_SEED__?.drop();
}
