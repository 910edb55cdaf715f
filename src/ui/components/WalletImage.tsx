import type { ReadonlySignal } from '@preact/signals-core'
import type { ImageState } from '../../core/images.js'
import { usePaced } from '../hooks/usePaced.js'
import { useSignals } from '../hooks/useSignals.js'
import { Icon } from './Icon.js'

/**
 * A wallet's image from an object URL, always through `<img>` (so an SVG can never run script), or
 * the fallback icon while loading (also until its turn to show, see `usePaced`), on failure, or
 * when there is no image.
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
  const ready = src ?? (state?.status === 'ready' ? state.url : undefined)
  // A few images shown per task: a screenful of ready ones at once would be one long task.
  const url = usePaced(!!ready) ? ready : undefined
  return (
    <span
      className="wk-image"
      data-size={size}
      data-status={url ? 'ready' : ready ? 'loading' : (state?.status ?? 'none')}
    >
      {url ? (
        <img src={url} alt={alt} draggable={false} referrerPolicy="no-referrer" />
      ) : (
        <Icon name="wallet" />
      )}
    </span>
  )
}
