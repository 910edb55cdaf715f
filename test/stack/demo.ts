import { encodeFunctionData, parseUnits } from 'viem'
import { svgDataUri } from './blockchain-api/fixtures.js'
import type { BlockchainApi } from './blockchain-api/index.js'
import { initialsSvg } from './catalog/images.js'
import {
  type ChainDescription,
  plantPoisoning,
  plantSpam,
  sendAs,
  testAccount,
} from './chain/index.js'
import { artifacts } from './contracts/index.js'

const DAY = 86_400

/**
 * What `npm start` shows beyond the seed: account 0 (the Devnet Wallet's) really sends USDC to
 * account 1 on the first chain, then receives spam and an address-poisoning attempt against that
 * transfer; and it has three smart sessions (active, expired, revoked) on that chain.
 */
export async function seedDemo(
  chains: readonly ChainDescription[],
  api: BlockchainApi,
): Promise<void> {
  const chain = chains[0]
  if (!chain) return
  const me = testAccount(0)
  const friend = testAccount(1).address
  const usdc = chain.tokens.find((t) => t.symbol === 'USDC')
  if (usdc)
    await sendAs(chain, me, {
      to: usdc.address,
      data: encodeFunctionData({
        abi: artifacts.TestToken.abi,
        functionName: 'transfer',
        args: [friend, parseUnits('25', usdc.decimals)],
      }),
    })
  await plantPoisoning(chain, me.address, friend)
  await plantSpam(chain, me.address)

  const caipAddress = `eip155:${chain.chainId}:${me.address}`
  const now = Math.floor(Date.now() / 1000)
  const icon = (name: string) => svgDataUri(initialsSvg(`site:${name}`, name))
  api.sessions.grant({
    caipAddress,
    project: { name: 'Example Game', url: 'https://game.example', iconUrl: icon('Example Game') },
    permissions: [
      {
        type: 'native-token-recurring-allowance',
        data: { allowance: '0x2386f26fc10000', start: now, period: DAY },
      },
      {
        type: 'contract-call',
        data: {
          address: chain.router,
          abi: [],
          functions: [{ functionName: 'swapExactTokensForTokens' }],
        },
      },
    ],
    expiry: now + 7 * DAY,
  })
  api.sessions.grant({
    caipAddress,
    project: { name: 'Old Quest', url: 'https://quest.example', iconUrl: icon('Old Quest') },
    permissions: [
      {
        type: 'erc20-recurring-allowance',
        data: {
          token: usdc?.address ?? chain.router,
          allowance: '5000000',
          start: now - 30 * DAY,
          period: 7 * DAY,
        },
      },
    ],
    expiry: now - DAY,
    createdAt: now - 30 * DAY,
  })
  const market = api.sessions.grant({
    caipAddress,
    project: { name: 'NFT Market', url: 'https://market.example' },
    permissions: [
      {
        type: 'contract-call',
        data: { address: chain.router, abi: [], functions: [{ functionName: 'mint' }] },
      },
    ],
    expiry: now + 30 * DAY,
    createdAt: now - 2 * DAY,
  })
  api.sessions.revoke(market)
}
