import type { ReadonlySignal } from '@preact/signals-core'
import type { ImageState } from '../../core/images.js'
import { testId } from '../test-id.js'
import { WalletImage } from './WalletImage.js'

/** A tag beside a wallet's name. */
export type WalletTag = {
  kind: 'installed' | 'recent' | 'certified' | 'warning' | 'count'
  label: string
}

/** One wallet as a row (Connect) or a tile (All Wallets grid). Names are isolated and cut by CSS. */
export function WalletButton({
  name,
  image,
  imageSrc,
  imageAlt,
  tags = [],
  onSelect,
  id,
  title,
}: {
  name: string
  image?: ReadonlySignal<ImageState> | undefined
  imageSrc?: string | undefined
  imageAlt: string
  tags?: WalletTag[]
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
      <bdi className="wk-wallet-name">{name}</bdi>
      {tags.map((tag) => (
        <span key={tag.kind} className="wk-tag" data-kind={tag.kind}>
          {tag.label}
        </span>
      ))}
    </button>
  )
}
