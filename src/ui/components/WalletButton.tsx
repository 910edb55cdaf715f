import type { ReadonlySignal } from '@preact/signals-core'
import type { ImageState } from '../../core/images.js'
import { testId } from '../test-id.js'
import { WalletImage } from './WalletImage.js'

/** A tag beside a wallet's name. */
export type WalletTag = {
  kind: 'installed' | 'recent' | 'certified' | 'warning' | 'count'
  label: string
}

/**
 * One wallet as a row (Connect) or a tile (All Wallets grid): its image, its name (isolated, whole
 * up to ~20 characters beside a tag; two lines in a tile), a second line when it needs one, and
 * at most one tag, which gives way to the name when room is short.
 */
export function WalletButton({
  name,
  image,
  imageSrc,
  imageAlt,
  tag,
  sub,
  onSelect,
  id,
  title,
}: {
  name: string
  image?: ReadonlySignal<ImageState> | undefined
  imageSrc?: string | undefined
  imageAlt: string
  tag?: WalletTag | undefined
  /** A second line under the name (the namespace, a look-alike's rdns). */
  sub?: string | undefined
  onSelect: () => void
  id: string
  title?: string
}) {
  return (
    <button
      type="button"
      className="wk-wallet"
      onClick={onSelect}
      data-wallet-id={id}
      title={title ?? name}
      {...testId('wallet')}
    >
      <WalletImage image={image} src={imageSrc} alt={imageAlt} />
      {sub ? (
        <span className="wk-wallet-text">
          <bdi className="wk-wallet-name">{name}</bdi>
          <bdi className="wk-wallet-sub">{sub}</bdi>
        </span>
      ) : (
        <bdi className="wk-wallet-name">{name}</bdi>
      )}
      {tag ? (
        <span className="wk-tag" data-kind={tag.kind}>
          {tag.label}
        </span>
      ) : null}
    </button>
  )
}
