/** Loading placeholders: rows for Connect, tiles for the All Wallets grid. */
export function Placeholders({
  count,
  kind,
  label,
}: {
  count: number
  kind: 'row' | 'tile'
  label: string
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          className={`wk-placeholder${kind === 'row' ? ' wk-row-placeholder' : ''}`}
          data-testid="wk-placeholder"
          aria-hidden="true"
        />
      ))}
      <span className="wk-sr-only" role="status">
        {label}
      </span>
    </>
  )
}
