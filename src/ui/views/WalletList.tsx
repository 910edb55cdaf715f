import type { WalletEntry } from '../../core/types/wallet.js'
import { cleanLabel } from '../../core/utils/text.js'
import { WalletButton, type WalletTag } from '../components/WalletButton.js'
import { useUi } from '../context.js'

/** Wallet rows (Connect) or tiles (All Wallets) from catalogue entries. */
export function WalletList({
  wallets,
  tag,
}: {
  wallets: readonly WalletEntry[]
  tag?: (w: WalletEntry) => WalletTag | undefined
}) {
  const { kit, t } = useUi()
  return (
    <>
      {wallets.map((wallet) => {
        const name = cleanLabel(wallet.name)
        return (
          <WalletButton
            key={wallet.id}
            id={wallet.id}
            name={name}
            image={
              wallet.image_url
                ? kit.images.fromUrl(wallet.image_url, 'site')
                : wallet.image_id
                  ? kit.images.image(wallet.image_id)
                  : undefined
            }
            imageAlt={t('wallet.image', { name })}
            tag={tag?.(wallet)}
            onSelect={() => kit.connect.selectWallet(wallet)}
          />
        )
      })}
    </>
  )
}
