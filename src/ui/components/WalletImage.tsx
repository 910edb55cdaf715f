import type { ReadonlySignal } from '@preact/signals-core'
import type { ImageState } from '../../core/images.js'
import { useSignals } from '../hooks/useSignals.js'
import { Icon } from './Icon.js'

/**
 * A wallet's image from an object URL, always through `<img>` (so an SVG can never run script), or
 * the fallback icon while loading, on failure, or when there is no image.
 */
export function WalletImage({
  image,
  src,
  alt,
  size,
}: {
  image?: ReadonlySignal<ImageState> | undefined
  /** A trusted data: URI (EIP-6963 icons, after their check). */
  src?: string | undefined
  alt: string
  size?: 'lg'
}) {
  useSignals()
  const state = image?.value
  const url = src ?? (state?.status === 'ready' ? state.url : undefined)
  return (
    <span
      className="wk-image"
      data-size={size}
      data-status={url ? 'ready' : (state?.status ?? 'none')}
    >
      {url ? (
        <img src={url} alt={alt} draggable={false} referrerPolicy="no-referrer" />
      ) : (
        <Icon name="wallet" />
      )}
    </span>
  )
}
