import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PASSWORD } from '../e2e/support/server';

export const ROOT = path.resolve(__dirname, '..');

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  rows.forEach((row) => console.log(line(row)));
}

/** Keeps the figures of the last run in bench/results/<name>.json (gitignored). */
export function writeResult(name: string, data: unknown): void {
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2),
  );
}

/** A session token of the demo administrator on a bench server. */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`login refused: ${body.message}`);
  return body.result.token;
}

/** The machine's load average (1, 5, 15 min): on a shared machine the figures measure the CPU left over. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
