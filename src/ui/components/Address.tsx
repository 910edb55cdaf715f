import type { ReactNode } from 'react'

/**
 * `text` with each occurrence of `address` kept whole: monospace and never broken inside, so a
 * line breaks before the address rather than in its middle (a 0x address fits one line of the
 * card). The rest of the text wraps as usual.
 */
export function withAddress(text: string, address: string): ReactNode {
  if (!address || !text.includes(address)) return text
  return text.split(address).flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <bdi key={i} dir="ltr" className="wk-addr">
            {address}
          </bdi>,
          part,
        ],
  )
}

/**
 * A whole address in groups of four characters (`0x7099 7970 C518 …`), a line breaking only
 * between groups; copied, it reads as the address itself (the gaps are layout, not spaces).
 */
export function AddressGroups({ address }: { address: string }) {
  const head = address.startsWith('0x') ? 6 : 4
  const groups = [address.slice(0, head), ...(address.slice(head).match(/.{1,4}/g) ?? [])]
  return (
    <bdi dir="ltr" className="wk-groups">
      {groups.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one address, in order
        <span key={i}>{group}</span>
      ))}
    </bdi>
  )
}
