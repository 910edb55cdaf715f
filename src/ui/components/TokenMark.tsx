import type { ReadonlySignal } from '@preact/signals-core'
import type { ImageState } from '../../core/images.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useSignals } from '../hooks/useSignals.js'

/**
 * A token's, network's or currency's round mark: its image from the catalogue (through the image
 * cache, `kit.images.catalog`) once loaded, else its first letters. Decorative: the symbol or name
 * is written beside it.
 */
export function TokenMark({
  symbol,
  image,
  size,
}: {
  symbol: string
  image?: ReadonlySignal<ImageState> | undefined
  size?: 'sm' | 'lg' | undefined
}) {
  useSignals()
  const state = image?.value
  return (
    <span className="wk-token-mark" data-size={size} aria-hidden="true">
      {state?.status === 'ready' ? (
        <img src={state.url} alt="" draggable={false} />
      ) : (
        cleanLabel(symbol, 3)
      )}
    </span>
  )
}
