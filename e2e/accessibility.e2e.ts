// Issue #15 (Accessibility): axe-core on the landing page, the login dialog, the dashboard and three list pages —
// no critical or serious violation. Colour contrast is left out: the spec mandates #1890FF as the primary colour.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, type SignedIn } from './support/chromium';
import { baseUrl, openLoginModal, signedInState } from './support/signIn';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
let admin: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInState(browser, 'admin');
});
afterAll(async () => {
  await browser.close();
});

/** axe's violations on the page as it is now: of every rule but colour contrast, or of `only` these rules. */
async function axeViolations(page: Page, only?: string[]): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (ruleIds) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(ruleIds
        ? { runOnly: { type: 'rule', values: ruleIds } }
        : { rules: { 'color-contrast': { enabled: false } } }),
    });
    return result.violations;
  }, only);
}

/** The critical and serious violations on the page as it is now, each with the elements it concerns. */
async function seriousViolations(page: Page): Promise<string[]> {
  return described(
    (await axeViolations(page)).filter(
      (violation) => violation.impact === 'critical' || violation.impact === 'serious',
    ),
  );
}

/** The violations of these rules, whatever their impact. */
async function violationsOf(page: Page, rules: string[]): Promise<string[]> {
  return described(await axeViolations(page, rules));
}

function described(violations: Violation[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} ${node.failureSummary ?? ''}`)
        .join(' | ')}`,
  );
}

test('the landing page and its login dialog', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${baseUrl()}/user/login`);
  await page.getByRole('heading', { name: '一个平台，覆盖渠道业务全链路' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  // Landmarks and the page's title (moderate rules, so asked for by name): one <main>, an <h1>.
  expect(await violationsOf(page, ['region', 'landmark-one-main', 'page-has-heading-one'])).toEqual([]);
  await openLoginModal(page);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test.each([
  ['the dashboard', '/dashboard/analysis', '.ant-card'],
  ['the user list', '/isystem/user', '.ant-table-row'],
  ['the customer list', '/eCustomer/list', '.ant-table-row'],
  ['the order list', '/eOrder/eOrder', '.ant-table-row'],
])('%s', async (_name, path, ready) => {
  const { context, page } = await newPage(browser, undefined, admin);
  await page.goto(`${baseUrl()}${path}`);
  await page.locator(ready).first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
