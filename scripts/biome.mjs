// Runs Biome from its platform package. The project depends on that package directly (as an
// optional dependency), because the wrapper package lists platform builds the registry mirror
// does not have, which breaks `npm ci`.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
let binary
try {
  binary = require.resolve(`@biomejs/cli-${process.platform}-${process.arch}/biome`)
} catch {
  console.error(
    `Biome has no build installed for ${process.platform}-${process.arch}: install @biomejs/cli-${process.platform}-${process.arch}@2.6.8 to lint here.`,
  )
  process.exit(1)
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' })
process.exit(result.status ?? 1)
