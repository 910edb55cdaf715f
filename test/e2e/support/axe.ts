import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AxeViolation } from './validators'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

type AxeResult = { violations: AxeViolation[]; passes: AxeViolation[] }

/**
 * Runs axe-core over the page and returns its violations. axe walks open shadow roots; that it
 * really checked nodes inside ours is asserted, so an empty list cannot come from not looking.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE })
  const { violations, insideShadow } = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    // Targets inside a shadow root are arrays of selectors: [host, inner].
    const inShadow = (target: unknown) =>
      Array.isArray(target) && Array.isArray(target[0]) && target[0][0] === 'walletkit-modal'
    const insideShadow = result.passes.some((p) => p.nodes.some((n) => inShadow(n.target)))
    const violations = result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }))
    return { violations, insideShadow }
  })
  expect(insideShadow, 'axe checked nodes inside the modal’s shadow root').toBe(true)
  if (violations.length)
    console.log('axe (all impacts):', violations.map((v) => `${v.impact} ${v.id}`).join(', '))
  return violations
}
