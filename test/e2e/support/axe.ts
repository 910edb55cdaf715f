import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** Puts axe-core into the page once, as evaluated code: a page under a strict CSP takes no tag. */
async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
}

/** What one axe rule found: the targets that failed, passed, or that axe could not decide. */
export type AxeRuleOutcome = {
  violations: { target: string; summary: string }[]
  /** Targets that passed inside the modal's shadow root (the host tag first). */
  passedInside: number
  incomplete: { target: string; summary: string }[]
}

type AxeNode = { target: unknown; failureSummary?: string }
type AxeRun = {
  violations: { id: string; nodes: AxeNode[] }[]
  passes: { id: string; nodes: AxeNode[] }[]
  incomplete: { id: string; nodes: AxeNode[] }[]
}

/**
 * Runs the axe rules `rules` only (e.g. `color-contrast-enhanced`, WCAG AAA, off by default) over
 * `host` and its open shadow root (what the modal's theme styles), and reports each rule's nodes.
 */
export async function runAxeRules(
  page: Page,
  rules: readonly string[],
  host = 'walletkit-modal',
): Promise<Record<string, AxeRuleOutcome>> {
  await injectAxe(page)
  const result = await page.evaluate(
    async ({ values, host }) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } })
        .axe
      const context = document.querySelector(host)
      if (!context) throw new Error(`no ${host} on the page`)
      return (await axe.run(context, {
        runOnly: { type: 'rule', values },
        resultTypes: ['violations', 'passes', 'incomplete'],
      })) as unknown
    },
    { values: [...rules], host },
  )
  const run = result as AxeRun
  const text = (target: unknown) => JSON.stringify(target)
  const nodes = (list: AxeRun['violations'], id: string) =>
    (list.find((r) => r.id === id)?.nodes ?? []).map((n) => ({
      target: text(n.target),
      summary: n.failureSummary ?? '',
    }))
  const inside = (target: unknown) =>
    Array.isArray(target) && Array.isArray(target[0]) && target[0][0] === host
  return Object.fromEntries(
    rules.map((id) => [
      id,
      {
        violations: nodes(run.violations, id),
        passedInside: (run.passes.find((r) => r.id === id)?.nodes ?? []).filter((n) =>
          inside(n.target),
        ).length,
        incomplete: nodes(run.incomplete, id),
      },
    ]),
  )
}

/**
 * Every axe rule that runs by default, over `host` and its shadow root: the serious and critical
 * violations, as `impact id: target` lines.
 */
export async function seriousAxeViolations(page: Page, host: string): Promise<string[]> {
  await injectAxe(page)
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } })
      .axe
    const context = document.querySelector(selector)
    if (!context) throw new Error(`no ${selector} on the page`)
    const run = (await axe.run(context, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[]
    }
    return run.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${JSON.stringify(n.target)}`))
  }, host)
}
