// The ENSIP-15 pack: the tables of ENS name normalisation (which characters are valid, mapped or
// ignored, the script groups, the whole-script confusables, the emoji sequences) as one JSON file,
// `cdn-dist/ens/ensip15.json`, whose sha384 is built into walletkit.js. The kit fetches it only when
// a visitor types a name outside a–z, 0–9 and hyphen; the algorithm itself is the kit's own
// (src/core/names/ensip15.ts). See docs/data-packs.md.
//
// The tables come from @adraffy/ens-normalize, the reference implementation of ENSIP-15, pinned as
// a dev dependency. The package publishes them only compressed inside its module, decoded into
// module variables on first use, so the build runs the module with one export added that hands
// those variables out. None of the package's code reaches the bundle or the pack: only data.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const PACKAGE = '@adraffy/ens-normalize'

/** Format of the pack; the kit refuses another (src/core/names/ensip15-tables.ts). */
export const ENSIP15_PACK_FORMAT = 1

/** The package's decoded tables, read from its module. */
async function referenceTables() {
  const dir = dirname(require.resolve(PACKAGE))
  const { version } = JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8'))
  const source = readFileSync(join(dir, 'index.mjs'), 'utf8')
  const names =
    'MAPPED, IGNORED, CM, NSM, GROUPS, WHOLE_VALID, WHOLE_MAP, EMOJI_LIST, FENCED, NSM_MAX, VALID'
  const reader = `${source}\nexport function walletkitTables() { init(); return { ${names} } }\n`
  let module
  try {
    module = await import(`data:text/javascript;base64,${Buffer.from(reader).toString('base64')}`)
  } catch (cause) {
    throw new Error(`${PACKAGE} ${version}: its tables could not be read`, { cause })
  }
  const tables = module.walletkitTables()
  for (const name of names.split(', '))
    if (tables[name] === undefined)
      throw new Error(`${PACKAGE} ${version}: no ${name} (did the package change its layout?)`)
  return { version, tables }
}

/**
 * Sorted code points as ranges, delta-coded: `[start, length, gap, length, …]` where each gap
 * is counted from the end of the previous range.
 * @param {Iterable<number>} cps
 */
export function encodeRanges(cps) {
  const sorted = Uint32Array.from(new Set(cps)).sort()
  const out = []
  let end = 0
  for (let i = 0; i < sorted.length; ) {
    const start = sorted[i]
    let j = i + 1
    while (j < sorted.length && sorted[j] === sorted[j - 1] + 1) j++
    out.push(start - end, j - i)
    end = start + (j - i)
    i = j
  }
  return out
}

/**
 * The mapped characters as runs `[start delta, count, step, offset]` of single characters mapped
 * to `cp + offset` (capitals of most scripts are runs of step 1 or 2), then the other mappings as
 * strings keyed by code point delta.
 * @param {Map<number, number[]>} mapped
 */
function encodeMapped(mapped) {
  const entries = [...mapped].sort((a, b) => a[0] - b[0])
  const runs = []
  const other = []
  let lastRun = 0
  let lastOther = 0
  for (let i = 0; i < entries.length; ) {
    const [cp, targets] = entries[i]
    if (targets.length !== 1) {
      other.push(cp - lastOther, String.fromCodePoint(...targets))
      lastOther = cp
      i++
      continue
    }
    const offset = targets[0] - cp
    let best = 1
    let bestStep = 1
    for (const step of [1, 2]) {
      let n = 1
      while (
        i + n < entries.length &&
        entries[i + n][0] === cp + n * step &&
        entries[i + n][1].length === 1 &&
        entries[i + n][1][0] - entries[i + n][0] === offset
      )
        n++
      if (n > best) {
        best = n
        bestStep = step
      }
    }
    runs.push(cp - lastRun, best, bestStep, offset)
    lastRun = cp
    i += best
  }
  return { runs, other }
}

/**
 * For each confused character of a whole-script confusable, the groups its look-alikes belong to
 * outside its own extent (ENSIP-15 "Wholes"): the extent joins the characters of the confusable
 * that share a group, and the groups they share.
 */
function confusedGroups(tables) {
  const { GROUPS, WHOLE_VALID, WHOLE_MAP } = tables
  const has = (g, cp) => g.P.has(cp) || g.Q.has(cp)
  const wholes = new Set([...WHOLE_MAP.values()].filter((w) => typeof w === 'object'))
  const byCp = new Map()
  for (const whole of wholes) {
    const extents = []
    for (const cp of whole.V) {
      const groups = GROUPS.filter((g) => has(g, cp))
      let extent = extents.find((e) => groups.some((g) => e.groups.has(g)))
      if (!extent) {
        extent = { groups: new Set(), cps: [] }
        extents.push(extent)
      }
      extent.cps.push(cp)
      for (const g of groups) extent.groups.add(g)
    }
    const all = extents.flatMap((e) => [...e.groups])
    for (const extent of extents) {
      const others = [...new Set(all.filter((g) => !extent.groups.has(g)))]
      for (const cp of extent.cps) {
        if (WHOLE_VALID.has(cp)) continue
        byCp.set(
          cp,
          others.map((g) => GROUPS.indexOf(g)).sort((a, b) => a - b),
        )
        // The reference's own answer must be the same.
        const reference = WHOLE_MAP.get(cp).M.get(cp)
        if (reference.size !== others.length || others.some((g) => !reference.has(g)))
          throw new Error(`whole-script confusable U+${cp.toString(16)}: extents differ`)
      }
    }
  }
  // Grouped by their list of groups: many characters share one.
  const lists = new Map()
  for (const [cp, groups] of byCp) {
    const key = groups.join(',')
    lists.set(key, [...(lists.get(key) ?? []), cp])
  }
  return [...lists].map(([key, cps]) => [
    key === '' ? [] : key.split(',').map(Number),
    encodeRanges(cps),
  ])
}

/**
 * Builds the pack.
 * @returns {Promise<{ json: string, integrity: string, version: string }>}
 */
export async function buildEnsip15Pack() {
  const { version, tables } = await referenceTables()
  const pack = {
    format: ENSIP15_PACK_FORMAT,
    source: `${PACKAGE} ${version}`,
    // Every group's characters and the parts of their decompositions.
    valid: encodeRanges(tables.VALID),
    ignored: encodeRanges(tables.IGNORED),
    mapped: encodeMapped(tables.MAPPED),
    cm: encodeRanges(tables.CM),
    nsm: encodeRanges(tables.NSM),
    nsmMax: tables.NSM_MAX,
    fenced: [...tables.FENCED.keys()].sort((a, b) => a - b),
    // In priority order: [name, 1 when runs of non-spacing marks are checked, primary, secondary].
    // A restricted group's name is its script's abbreviation (`Egyp`).
    groups: tables.GROUPS.map((g) => [
      g.N.replace(/^Restricted\[(.*)\]$/, '$1'),
      g.M ? 1 : 0,
      encodeRanges(g.P),
      encodeRanges(g.Q),
    ]),
    confused: confusedGroups(tables),
    emoji: tables.EMOJI_LIST.map((cps) => String.fromCodePoint(...cps)),
  }
  const json = JSON.stringify(pack)
  return {
    json,
    integrity: `sha384-${createHash('sha384').update(json).digest('base64')}`,
    version,
  }
}
