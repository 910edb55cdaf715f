import type { Page } from 'playwright-core'

/** A text of the modal below WCAG AA against what is really behind it. */
export type LowContrast = {
  text: string
  ratio: number
  minimum: number
  color: string
  background: string
}

/**
 * Measures every text the modal's card shows against the colour actually behind it: the
 * backgrounds of its element and its ancestors composed (each with its alpha), the text's colour
 * with its own alpha and its ancestors' opacity. WCAG AA: 4.5:1, or 3:1 for large text (24 px, or
 * 18.66 px bold). Texts not shown (screen-reader only, hidden, invisible) and those of disabled
 * controls (which WCAG exempts) are left out. Returns the texts below the minimum, and how many
 * were measured.
 */
export function lowContrastTexts(page: Page): Promise<{ low: LowContrast[]; measured: number }> {
  return page.evaluate(async () => {
    type Rgba = [number, number, number, number]
    const root = document.querySelector('walletkit-modal')?.shadowRoot
    const card = root?.querySelector<HTMLElement>('.wk-card')
    if (!card) throw new Error('no modal card on the page')
    // A text fading in (a toast's entrance, a view's) is measured once it has arrived: finite
    // animations are awaited, endless ones (spinners, placeholders) are not.
    const arriving = root?.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime
      return typeof end === 'number' && Number.isFinite(end)
    })
    await Promise.all((arriving ?? []).map((a) => a.finished.catch(() => null)))
    const parse = (value: string): Rgba => {
      const n = value.match(/[\d.]+/g)?.map(Number) ?? []
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, value.startsWith('rgba') ? (n[3] ?? 1) : 1]
    }
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3]
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (under[i] ?? 0) * (1 - a)).concat(1) as Rgba
    }
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0)
    const parentOf = (el: Element): Element | null =>
      el.parentElement ?? ((el.getRootNode() as ShadowRoot).host as Element | undefined) ?? null
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = []
      for (let e: Element | null = el; e; e = parentOf(e)) {
        const colour = parse(getComputedStyle(e).backgroundColor)
        if (colour[3] > 0) layers.push(colour)
        if (colour[3] >= 1 || e === card) break
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1])
    }
    const low: LowContrast[] = []
    let measured = 0
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const el = node.parentElement
      if (!text || !el || el.closest('.wk-sr-only, .wk-hidden, [disabled], svg')) continue
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') continue
      let opacity = 1
      for (let e: Element | null = el; e && e !== card.parentElement; e = parentOf(e))
        opacity *= Number(getComputedStyle(e).opacity)
      if (opacity === 0) continue
      const colour = parse(style.color)
      colour[3] *= opacity
      const behind = background(el)
      const seen = over(colour, behind)
      const [hi, lo] = [luminance(seen), luminance(behind)].sort((a, b) => b - a) as [
        number,
        number,
      ]
      const ratio = (hi + 0.05) / (lo + 0.05)
      const size = Number.parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const minimum = large ? 3 : 4.5
      measured++
      if (ratio < minimum - 0.005)
        low.push({
          text: text.slice(0, 40),
          ratio: Math.round(ratio * 100) / 100,
          minimum,
          color: style.color,
          background: `rgb(${behind.slice(0, 3).map(Math.round).join(', ')})`,
        })
    }
    return { low, measured }
  })
}
