import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { poll } from '../../support/poll'
import { decodeQr, matrixFromPath } from './qr-decode'

const byTestId = (id: string) => `[data-testid="${id}"]`

/** What the page's QR code says, read from its modules (and the logo's place over them). */
export type QrReading = {
  /** The text decoded from the module matrix with the logo's modules hidden. */
  uri: string
  /** `data-uri` of the QR element. */
  dataUri: string
  /** Codewords error correction had to restore (the logo). */
  fixed: number
}

/** Acts on the WalletConnect views and reads their QR code as a phone would. */
export class WalletConnectPage {
  constructor(readonly page: Page) {}

  get qr(): Locator {
    return this.page.locator(byTestId('wk-qr'))
  }
  get status(): Locator {
    return this.page.locator(byTestId('wk-wc-status'))
  }
  get retry(): Locator {
    return this.page.locator(byTestId('wk-wc-retry'))
  }
  get copy(): Locator {
    return this.page.locator(byTestId('wk-wc-copy'))
  }
  get countdown(): Locator {
    return this.page.locator(byTestId('wk-wc-countdown'))
  }
  get open(): Locator {
    return this.page.locator(byTestId('wk-wc-open'))
  }
  /** The WalletConnect entry on Connect. */
  get entry(): Locator {
    return this.page.locator(`${byTestId('wk-wallet')}[data-wallet-id="walletConnect"]`)
  }

  /** The `data-status` of the pairing's status line. */
  statusOf(): Promise<string | null> {
    return this.status.first().getAttribute('data-status')
  }

  /** Waits until the pairing status is `status`. */
  async waitForStatus(status: string): Promise<void> {
    await poll(() => this.statusOf().catch(() => null)).toBe(status)
  }

  /**
   * Reads the QR code on screen: the SVG path's modules, with every module under the logo turned
   * light (what a camera sees), decoded with error correction.
   */
  async read(): Promise<QrReading> {
    await this.waitForStatus('ready')
    const shape = await this.qr.evaluate((el) => {
      const svg = el.querySelector('svg')
      const path = svg?.querySelector('path')
      const logo = el.querySelector('.wk-qr-logo')
      const box = svg?.getBoundingClientRect()
      const logoBox = logo?.getBoundingClientRect()
      return {
        d: path?.getAttribute('d') ?? '',
        size: Number(el.getAttribute('data-modules')),
        dataUri: el.getAttribute('data-uri') ?? '',
        viewBox: svg?.getAttribute('viewBox') ?? '',
        svg: box ? { x: box.x, y: box.y, width: box.width } : undefined,
        logo: logoBox
          ? { x: logoBox.x, y: logoBox.y, width: logoBox.width, height: logoBox.height }
          : undefined,
      }
    })
    const modules = matrixFromPath(shape.d, shape.size)
    const extent = Number(shape.viewBox.split(' ')[2])
    if (shape.svg && shape.logo) {
      const unit = shape.svg.width / extent
      const toModule = (px: number, origin: number) => (px - origin) / unit - 4
      const x0 = Math.floor(toModule(shape.logo.x, shape.svg.x))
      const x1 = Math.ceil(toModule(shape.logo.x + shape.logo.width, shape.svg.x))
      const y0 = Math.floor(toModule(shape.logo.y, shape.svg.y))
      const y1 = Math.ceil(toModule(shape.logo.y + shape.logo.height, shape.svg.y))
      for (let y = Math.max(0, y0); y < Math.min(shape.size, y1); y++)
        for (let x = Math.max(0, x0); x < Math.min(shape.size, x1); x++) {
          const row = modules[y]
          if (row) row[x] = false
        }
    }
    const decoded = decodeQr(modules)
    expect(decoded.text, 'the QR code holds the same URI as data-uri').toBe(shape.dataUri)
    return { uri: decoded.text, dataUri: shape.dataUri, fixed: decoded.fixed }
  }

  /** Reads QR codes until one differs from `previous`. */
  async readNew(previous: string): Promise<QrReading> {
    await poll(() => this.qr.getAttribute('data-uri').catch(() => previous)).not.toBe(previous)
    return this.read()
  }
}
